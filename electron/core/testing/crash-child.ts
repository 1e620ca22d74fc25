import { writeSync } from 'node:fs';
import { LocalStore } from '../store/local-store';

// Saves drafts as fast as it can and acknowledges each save only after saveDraft returned.
// The crash-safety test kills this process with SIGKILL at random moments.
const [file, run] = process.argv.slice(2);
if (!file || !run) throw new Error('usage: crash-child <store file> <run number>');
const store = LocalStore.open(file);
const publicationId =
  (store.db.prepare('SELECT id FROM publications LIMIT 1').pluck().get() as string | undefined) ??
  store.addPublication({ name: 'Crash', baseUrl: 'http://127.0.0.1:1', subdomain: 'crash' });
const growing = store.createDraft(publicationId, 'post', { title: `growing ${run}`, content: '' });
writeSync(1, 'ready\n');
for (let n = 0; ; n++) {
  if (n % 2 === 0) {
    store.createDraft(publicationId, 'post', {
      title: `${run}:${n}`,
      content: `<p>${'word '.repeat(200)}</p>`,
    });
  } else {
    store.saveDraft(growing.id, { title: `growing ${run}`, content: `<p>${n}</p>` });
  }
  writeSync(1, `ack ${n}\n`);
}
