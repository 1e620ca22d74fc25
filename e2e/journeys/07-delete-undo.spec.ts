import { expect, test } from '@playwright/test';
import { addPublication, openApp, screen } from '../support/app';
import { createPost, journey } from '../support/journey';
import { apiGet } from '../support/processes';

const world = journey({
  subdomain: 'tidy',
  name: 'Tidy',
  setup: async (w) => {
    for (const title of ['Keep me', 'Remove me'])
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
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Keep me');
  await page.getByRole('button', { name: /All posts/ }).click();

  await page.getByRole('button', { name: 'Remove me' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Remove me' })).toBeHidden();
  // The delete is held for the 10 s undo window, then sent.
  expect((await apiGet(world.server, 'tidy', '/posts/remove-me', world.token)).status).toBe(200);
  await expect
    .poll(
      async () => (await apiGet(world.server, 'tidy', '/posts/remove-me', world.token)).status,
      {
        timeout: 30_000,
      },
    )
    .toBe(404);
  await page.waitForTimeout(1_000);
  expect((await apiGet(world.server, 'tidy', '/posts/keep-me', world.token)).status).toBe(200);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Keep me' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove me' })).toBeHidden();
  await screen(page, '07-delete-undo', 'after');
});
