// Prints the Vitest and Playwright JSON reports as one plain closing line ("N passed, N failed"),
// the form CI reads, and fails when either ran no test or had a failure.
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const vitest = read('test-results/vitest.json');
const playwright = read('test-results/playwright.json');
if (!vitest || !playwright) {
  process.stdout.write(
    `missing report: ${!vitest ? 'vitest ' : ''}${!playwright ? 'playwright' : ''}\n`,
  );
  process.exit(1);
}
const e2e = playwright.stats;
const passed = vitest.numPassedTests + e2e.expected;
const failed = vitest.numFailedTests + e2e.unexpected + e2e.flaky;
const skipped = vitest.numPendingTests + vitest.numTodoTests + e2e.skipped;
process.stdout.write(
  `unit and integration: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed; ` +
    `end-to-end: ${e2e.expected} passed, ${e2e.unexpected + e2e.flaky} failed\n`,
);
process.stdout.write(
  `tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
);
process.exit(failed === 0 && vitest.numTotalTests > 0 && e2e.expected > 0 ? 0 : 1);
