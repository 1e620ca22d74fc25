// Prints Vitest's JSON report as one plain closing line ("N passed, N failed"), the form CI reads.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results/vitest.json';
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
process.stdout.write(
  `vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed` +
    (skipped ? `, ${skipped} skipped` : '') +
    '\n',
);
process.exit(report.numFailedTests === 0 && report.numTotalTests > 0 ? 0 : 1);
