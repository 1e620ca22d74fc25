import { expect, test } from '@playwright/test';
import { bodyBox, openApp, screen, titleBox } from '../support/app';
import { startHost, type Host } from '../support/processes';

let host: Host;
test.beforeAll(async () => {
  host = await startHost({ sample: true });
});
test.afterAll(async () => host.stop());

test('first run: the embedded sample publication works at once', async ({ page }) => {
  await openApp(page, host);
  await expect(page.getByText('Writing for')).toContainText('Local sample');
  // The built page keeps the strict policy (only `npm run dev` relaxes it: scripts/dev-csp.ts).
  const pagePolicy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(pagePolicy).toContain("script-src 'self'");
  expect(pagePolicy).not.toContain('unsafe-inline');
  await expect(page.getByRole('button', { name: /^Local sample/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await screen(page, '01-first-run', 'posts');
  // The host's session: out of the address at once, never a cookie (which every other server on
  // 127.0.0.1 would receive), and a reload keeps it for this tab.
  expect(page.url()).toBe(`${host.origin}/`);
  expect(await page.context().cookies()).toEqual([]);
  await page.reload();
  await expect(rows).toHaveCount(20);

  await page.getByRole('button', { name: 'Pages', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'About', exact: true })).toBeVisible();
  // Under the Pages heading, pages only: none of the posts shown before.
  await expect(page.getByRole('button', { name: 'Letters about', exact: false })).toHaveCount(0);
  await page.getByRole('button', { name: 'Posts', exact: true }).click();

  await rows.first().getByRole('button').click();
  await expect(titleBox(page)).not.toHaveValue('');
  // Either the visual editor or, for markup it cannot keep, the source with a notice.
  await expect(bodyBox(page).or(page.getByLabel('HTML source'))).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Publish to|Unpublish from) / })).toContainText(
    'Local sample',
  );
  await screen(page, '01-first-run', 'editor');
});
