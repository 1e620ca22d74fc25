import { expect, test } from '@playwright/test';
import { addPublication, bodyBox, openApp, screen } from '../support/app';
import { journey } from '../support/journey';
import { apiGet } from '../support/processes';

const world = journey({ subdomain: 'notes', name: 'Notes', seed: { posts: 25, pages: 0 } });

test('edit with the server stopped, restart it, and watch the change sync by itself', async ({
  page,
}) => {
  await openApp(page, world.host);
  await addPublication(page, {
    name: 'Notes',
    baseUrl: world.server.url,
    subdomain: 'notes',
    token: world.token,
  });
  const first = page
    .locator('tbody tr')
    .filter({ has: page.locator('.status-draft') })
    .first();
  await expect(first).toBeVisible();
  const title = (await first.getByRole('button').textContent()) ?? '';
  await first.getByRole('button').click();
  await page.getByRole('button', { name: 'HTML source' }).click();
  const source = page.getByLabel('HTML source');
  await expect(source).toBeVisible();

  await world.server.stop();
  await source.fill('<p>Written while the service was down.</p>');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Saved on this computer')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/1 change saved on this computer/)).toBeVisible();
  // The editor and the list name the waiting change alike.
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Offline');
  await screen(page, '04-offline', 'offline');

  // A publish pressed offline is pending, not "Published", until the service confirms it.
  await page.getByRole('button', { name: 'Publish to Notes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Publish pending' })).toBeVisible();
  await expect(page.locator('.editor-header .badge.status-pending')).toHaveText('Publish pending');
  // The pending publish can be taken back; that is a way out, drawn as such, not as the next step.
  const takeBack = page.getByRole('button', { name: 'Keep as draft on Notes' });
  await expect(takeBack).toBeVisible();
  await expect(takeBack).not.toHaveClass(/primary/);
  await expect(page.getByRole('button', { name: /^Unpublish/ })).toHaveCount(0);
  await screen(page, '04-offline', 'publish-pending');
  await page.getByRole('button', { name: 'All posts' }).click();
  const row = page.locator('tbody tr').filter({ hasText: title });
  await expect(row.locator('.badge').first()).toHaveText('Publish pending');
  await expect(row.locator('.badge').last()).toHaveText('Offline');
  // The page count is the kept copy's: said, with when it was kept, rather than passed off as now.
  await expect(
    page.getByText(
      /^Showing the copy saved on this computer on .+: the service cannot be reached, so the posts and the count of pages are as they were when it was saved\.$/,
    ),
  ).toBeVisible();
  await screen(page, '04-offline', 'list-pending');
  // A page never fetched cannot be shown offline, but the way back to the ones that can stays.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot reach' })).toBeVisible();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await screen(page, '04-offline', 'uncached-page');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(row.locator('.badge').first()).toHaveText('Publish pending');

  await world.server.restart();
  await expect(page.locator('.offline-banner')).toBeHidden({ timeout: 45_000 });
  const slug = (
    await apiGet(world.server, 'notes', '/posts?limit=100', world.token)
  ).body.posts.data.find((p: { title: string }) => p.title === title).slug;
  await expect
    .poll(
      async () =>
        (await apiGet(world.server, 'notes', `/posts/${slug}`, world.token)).body.post.content,
      {
        timeout: 30_000,
      },
    )
    .toBe('<p>Written while the service was down.</p>');
  expect(
    (await apiGet(world.server, 'notes', `/posts/${slug}`, world.token)).body.post.status,
  ).toBe('publish');
  await expect(row.locator('.badge').first()).toHaveText('Published', { timeout: 20_000 });
  await row.getByRole('button', { name: title }).click();
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Synced', {
    timeout: 20_000,
  });
  await expect(page.locator('.editor-header .badge.status-pending')).toHaveCount(0);
  await expect(page.locator('.editor-header .status-badge')).toHaveText('Published');
  await expect(page.getByRole('button', { name: 'Unpublish from Notes' })).toBeVisible();
  await screen(page, '04-offline', 'synced');
  await expect(bodyBox(page).or(source)).toBeVisible();
});
