import { expect, test, type Dialog } from '@playwright/test';
import { addPublication, bodyBox, openApp, screen, titleBox } from '../support/app';
import { journey } from '../support/journey';

const world = journey({ subdomain: 'late', name: 'Late Night' });

test('close the window a moment after typing: the close waits for the words to be saved', async ({
  context,
}) => {
  const page = await context.newPage();
  await openApp(page, world.host);
  await addPublication(page, {
    name: 'Late Night',
    baseUrl: world.server.url,
    subdomain: 'late',
    token: world.token,
  });
  await page.getByRole('button', { name: 'New post' }).click();
  await titleBox(page).fill('Closing time');
  await bodyBox(page).click();
  await page.keyboard.type('The last words before closing.');

  const held: Dialog[] = [];
  page.on('dialog', (dialog) => void held.push(dialog));
  // Well inside the autosave pause: only the save the close waits for can carry these words.
  await page.close({ runBeforeUnload: true });
  // Chromium asks "Leave site?" while the close is held (Electron holds it silently and the
  // window closes itself once saved, which cannot run here: no Electron binary).
  await expect.poll(() => held.map((dialog) => dialog.type())).toEqual(['beforeunload']);

  const other = await context.newPage();
  await openApp(other, world.host);
  await other.getByRole('button', { name: 'Closing time' }).click();
  await expect(bodyBox(other)).toHaveText('The last words before closing.');
  // The first screenshot only now: one before the close could take long enough for the autosave
  // to carry the words, and the close would have nothing left to wait for.
  await screen(other, '09-close-while-typing', 'reopened');

  // Once the save is acknowledged, closing is not held again.
  await held[0]!.dismiss();
  await expect(page.getByText('Saved on this computer')).toBeVisible();
  await screen(page, '09-close-while-typing', 'held-close-saved');
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(held).toHaveLength(1);
});
