// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, inject, it } from 'vitest';
import { appOverRealCore, noticeSaying } from '../../testing/app-over-real-core';

// Review U1's suspicion: Discard edits went back to a version a colleague had unpublished, and
// its notice said only "Back to the version on X": the writer took the post for live still.
// Real parts: the global setup's second reference service (the colleague writes to it with its
// token), a core of this test's own behind the browser host (on the shared one, another file's
// clean-up removed the second publication mid-test).
const app = appOverRealCore('discard-off-site');

it('Discard edits says the version gone back to is not live', async () => {
  const user = userEvent.setup();
  const archive = await app.addArchive();
  const title = `Tide notes ${Date.now()}`;
  const made = await app.bridge.records.create({
    publicationId: archive.id,
    kind: 'post',
    fields: { title, content: '<p>Live.</p>', status: 'publish' },
  });
  await waitFor(
    async () => {
      await app.bridge.sync.syncNow({});
      expect((await app.bridge.drafts.get({ draftId: made.id })).serviceStatus).toBe('publish');
    },
    { timeout: 15_000, interval: 500 },
  );
  const live = await app.bridge.drafts.get({ draftId: made.id });
  await app.bridge.drafts.save({
    draftId: made.id,
    fields: { ...live.fields, content: '<p>Live. Held.</p>' },
  });
  // A colleague unpublishes it.
  const { baseUrl, subdomain, token } = inject('quireHost').elsewhere;
  const put = await fetch(`${baseUrl}/app/${subdomain}/posts/${live.remoteId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'draft' }),
  });
  expect(put.status).toBe(200);
  await app.openInApp(made.id);
  await user.click(await screen.findByRole('button', { name: 'Discard edits' }));
  await noticeSaying(
    /^Back to the version on Archive, which is not live: it was unpublished there\. Your edits are in the history\.$/,
  );
});
