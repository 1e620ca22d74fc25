import { expect, test } from '@playwright/test';
import { addPublication, openApp, screen } from '../support/app';
import {
  addServerPublication,
  apiGet,
  startHost,
  startReferenceServer,
  type Host,
  type ReferenceServer,
} from '../support/processes';

let host: Host;
let server: ReferenceServer;
let token: string;
test.beforeAll(async () => {
  server = await startReferenceServer();
  token = addServerPublication(server.dataFile, 'tidy', 'Tidy').token;
  for (const title of ['Keep me', 'Remove me'])
    await fetch(`${server.url}/app/tidy/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, content: `<p>${title}</p>` }),
    });
  host = await startHost({ sample: false });
});
test.afterAll(async () => {
  await host.stop();
  await server.stop();
});

test('delete, undo within the window, then delete for good', async ({ page }) => {
  await openApp(page, host);
  await addPublication(page, { name: 'Tidy', baseUrl: server.url, subdomain: 'tidy', token });

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
  expect((await apiGet(server, 'tidy', '/posts/remove-me', token)).status).toBe(200);
  await expect
    .poll(async () => (await apiGet(server, 'tidy', '/posts/remove-me', token)).status, {
      timeout: 30_000,
    })
    .toBe(404);
  await page.waitForTimeout(1_000);
  expect((await apiGet(server, 'tidy', '/posts/keep-me', token)).status).toBe(200);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Keep me' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove me' })).toBeHidden();
  await screen(page, '07-delete-undo', 'after');
});
