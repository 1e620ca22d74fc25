import { expect, test } from '@playwright/test';
import { addPublication, openApp, screen } from '../support/app';
import { journey } from '../support/journey';

const world = journey({ subdomain: 'archive', name: 'Archive', seed: { posts: 250, pages: 0 } });

test('page through 250 posts', async ({ page }) => {
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
});
