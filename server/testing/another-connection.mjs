// Another connection to the same SQLite file (as the CLI's `restore` or a second server process
// would be): waits for the go, sleeps `delayMs`, commits one change, reports.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const go = new Int32Array(workerData.go);
parentPort.postMessage('ready');
Atomics.wait(go, 0, 0);
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.delayMs);
db.prepare('UPDATE records SET title = ?, updated_at = updated_at + 1 WHERE id = ?').run(
  workerData.title,
  workerData.id,
);
db.close();
parentPort.postMessage('done');
