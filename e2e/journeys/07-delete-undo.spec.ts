import { expect, test } from '@playwright/test';
import { addPublication, openApp, screen } from '../support/app';
import { createPost, journey } from '../support/journey';
import { apiGet } from '../support/processes';

const world = journey({
  subdomain: 'tidy',
  name: 'Tidy',
  // Eleven posts, "Remove me" the oldest: at 10 a page it is alone on the last page.
  setup: async (w) => {
    await fetch(`${w.server.url}/app/tidy/pages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Colophon', content: '<p>Set in Iowan.</p>' }),
    });
    for (const title of [
      'Remove me',
      'Keep me',
      ...Array.from({ length: 9 }, (_, i) => `Note ${i}`),
    ])
      await createPost(w, { title, content: `<p>${title}</p>` });
  },
});

test('delete, undo within the window, then delete for good', async ({ page }) => {
  await openApp(page, world.host);
  await addPublication(page, {
    name: 'Tidy',
    baseUrl: world.server.url,
    subdomain: 'tidy',
    token: world.token,
  });

  await page.getByRole('button', { name: 'Keep me' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Deleted “Keep me”' });
  await expect(notice).toBeVisible();
  await screen(page, '07-delete-undo', 'undo-offered');
  // The keyboard on Undo (where the Delete put it) holds the window open past its 10 s, a
  // window at a time: a writer who reads, or reaches it slowly, keeps it (WCAG 2.2.1).
  await expect(notice.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.waitForTimeout(13_000);
  await expect(notice).toBeVisible();
  expect((await apiGet(world.server, 'tidy', '/posts/keep-me', world.token)).status).toBe(200);
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Keep me');
  await page.getByRole('button', { name: /All posts/ }).click();

  // A page deleted, Posts opened meanwhile, then Undo: back on Pages, its list a step away.
  await page.getByRole('button', { name: 'Pages', exact: true }).click();
  await page.getByRole('button', { name: 'Colophon', exact: true }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: 'Posts', exact: true }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('region', { name: 'Edit page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pages', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('button', { name: /All pages/ }).click();
  await expect(page.getByRole('heading', { name: 'Pages' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Colophon', exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Posts', exact: true }).click();

  await page.getByLabel('Per page').selectOption('10');
  await page.getByRole('button', { name: 'Last page', exact: true }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Remove me' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Remove me' })).toBeHidden();
  // The writer moves on, the keyboard off the Undo: the delete is held for the 10 s undo window,
  // then sent.
  await page.getByRole('heading', { name: 'Posts' }).click();
  expect((await apiGet(world.server, 'tidy', '/posts/remove-me', world.token)).status).toBe(200);
  await expect
    .poll(
      async () => (await apiGet(world.server, 'tidy', '/posts/remove-me', world.token)).status,
      {
        timeout: 30_000,
      },
    )
    .toBe(404);
  // Its page emptied, the list goes to the one left: a review found "No posts yet" and
  // "Page 2 of 2" kept for good, the publication's lists never read again.
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(page.getByText('No posts yet.')).toBeHidden();
  await expect(page.locator('tbody tr')).toHaveCount(10);
  await page.waitForTimeout(1_000);
  expect((await apiGet(world.server, 'tidy', '/posts/keep-me', world.token)).status).toBe(200);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Keep me' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove me' })).toBeHidden();
  await screen(page, '07-delete-undo', 'after');

  // A post a colleague changed since the writer last saw it: the Delete is not sent, and the
  // writer, who saw the row go, is told at once; the post is back, showing their version.
  const note = (await apiGet(world.server, 'tidy', '/posts/note-0', world.token)).body.post;
  await page.getByRole('button', { name: 'Note 0', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Note 0');
  const changed = await fetch(`${world.server.url}/app/tidy/posts/${note.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: '<p>Note 0, with a colleague’s line.</p>' }),
  });
  expect(changed.status).toBe(200);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('heading', { name: 'Posts' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Not deleted: “Note 0”' });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Note 0', exact: true })).toBeVisible();
  expect((await apiGet(world.server, 'tidy', '/posts/note-0', world.token)).body.post.content).toBe(
    '<p>Note 0, with a colleague’s line.</p>',
  );
  // The row is in step with the service (it said "Not synced"), and the post, opened later,
  // still says why it is there.
  const back = page.locator('tbody tr').filter({
    has: page.getByRole('button', { name: 'Note 0', exact: true }),
  });
  await expect(back).toContainText('Synced');
  await expect(back).not.toContainText('Not synced');
  await screen(page, '07-delete-undo', 'delete-refused');
  await page.getByRole('button', { name: 'Note 0', exact: true }).click();
  await expect(page.getByText(/^Not deleted: this post was changed on the service/)).toBeVisible();
});
