import { expect, test } from '@playwright/test';
import { addPublication, openApp, screen } from '../support/app';
import { journey } from '../support/journey';
import { apiGet, apiPut } from '../support/processes';

const world = journey({ subdomain: 'archive', name: 'Archive', seed: { posts: 250, pages: 0 } });

test('page through 250 posts', async ({ page }) => {
  // A published post on a page this journey never opens, given a word no other post carries.
  const second = await apiGet(world.server, 'archive', '/posts?page=2&limit=100', world.token);
  const hidden = second.body.posts.data.find((post: any) => post.status === 'publish');
  expect(
    await apiPut(world.server, 'archive', `/posts/${hidden.id}`, world.token, {
      title: 'Notes on the quokka',
    }),
  ).toBe(200);
  await openApp(page, world.host);
  await addPublication(page, {
    name: 'Archive',
    baseUrl: world.server.url,
    subdomain: 'archive',
    token: world.token,
  });
  await expect(page.getByText('Page 1 of 13')).toBeVisible();
  // The service decides the order (the spec does not); the list says which order it is.
  await expect(page.locator('caption')).toHaveText('Newest first, by date created.');
  const firstTitle = await page.locator('tbody tr').first().textContent();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 13')).toBeVisible();
  await expect(page.locator('tbody tr').first()).not.toHaveText(firstTitle ?? '');
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByText('Page 13 of 13')).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await screen(page, '06-paging', 'last-page');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('Page 12 of 13')).toBeVisible();
  await page.getByRole('button', { name: 'First page' }).click();
  await expect(page.getByText('Page 1 of 13')).toBeVisible();

  await page.getByRole('combobox', { name: 'Per page' }).selectOption('100');
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(100);
  await page.getByRole('checkbox', { name: 'Drafts only' }).check();
  await expect(page.locator('tbody tr .status-publish')).toHaveCount(0);
  await expect(page.locator('tbody tr .status-draft').first()).toBeVisible();

  // Keyboard alone: arrows move between rows, Enter opens.
  await page.locator('button.row-open').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('button.row-open').nth(1)).toBeFocused();
  await screen(page, '06-paging', 'drafts-100');

  // A search reads what this computer holds; on the writer's word it fetches the rest first.
  await page.getByRole('checkbox', { name: 'Drafts only' }).uncheck();
  await page.getByRole('searchbox', { name: 'Search posts saved on this computer' }).fill('quokka');
  await expect(page.getByText(/^None of the posts saved on this computer match/)).toBeVisible();
  await page.getByRole('button', { name: 'Fetch all 250 posts to search them' }).click();
  await expect(page.getByRole('button', { name: 'Notes on the quokka' })).toBeVisible();
  // The button went with the press; the keyboard is back in the search, not lost.
  await expect(
    page.getByRole('searchbox', { name: 'Search posts saved on this computer' }),
  ).toBeFocused();
  await expect(page.getByText(/^The search covers all 250 posts of Archive/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'saved on this computer' })).toHaveText(
    '1 match saved on this computer.',
  );
  await screen(page, '06-paging', 'searched-all');
});
