import { expect, test } from '@playwright/test';
import { addPublication, errorNotices, openApp, screen } from '../support/app';
import { journey } from '../support/journey';
import { serverCli, startHost, type Host } from '../support/processes';

const world = journey({
  subdomain: 'field-notes',
  name: 'Field Notes',
  seed: { posts: 12, pages: 2 },
});
// This journey starts from the embedded sample, as a writer's first run does.
let host: Host;
test.beforeAll(async () => {
  host = await startHost({ sample: true });
});
test.afterAll(async () => host.stop());

test('add a second publication, with specific errors first, and switch between them', async ({
  page,
}) => {
  await openApp(page, host);
  await expect(page.locator('tbody tr').first()).toBeVisible();

  // Closing the dialog, by Escape or Cancel, puts focus back where the writer was.
  const addButton = page.getByRole('button', { name: 'Add publication' });
  await addButton.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(addButton).toBeFocused();
  await addButton.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(addButton).toBeFocused();

  // Left without a name, it takes the one the service gives it, as the field says.
  await addPublication(page, {
    name: '',
    baseUrl: world.server.url,
    subdomain: 'field-notes',
    token: 'quire_wrong',
  });
  const dialog = page.getByRole('dialog', { name: 'Add publication' });
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(
    'Optional: left empty, it takes the name the service gives it.',
  );
  // Said once, under the field it is about (its description), with the keyboard taken there.
  const token = dialog.getByLabel('Access token');
  await expect(token).toHaveAttribute('aria-invalid', 'true');
  await expect(token).toHaveAccessibleDescription(/refused this token/);
  await expect(token).toBeFocused();
  await expect(dialog.getByRole('alert')).toHaveText('Check the field marked above.');
  await expect(dialog.getByText(/refused this token/)).toHaveCount(1);
  await dialog.getByLabel('Subdomain').fill('no-such-blog');
  await dialog.getByLabel('Access token').fill(world.token);
  await dialog.getByRole('button', { name: 'Add publication' }).click();
  await expect(dialog.getByLabel('Subdomain')).toHaveAccessibleDescription(
    /No publication by this name at this address/,
  );
  await expect(dialog.getByRole('alert')).toHaveText('Check the field marked above.');
  await screen(page, '02-publications', 'inline-error');
  await dialog.getByLabel('Subdomain').fill('field-notes');
  await dialog.getByRole('button', { name: 'Add publication' }).click();
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();

  // Added to be written for: the app has turned to it, without a further click.
  const fieldNotes = page.getByRole('button', { name: /^Field Notes/ });
  await expect(fieldNotes).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('Writing for')).toContainText('Field Notes');
  // And says so, the keyboard left where it was (nothing was said: a writer's review).
  await expect(page.locator('[data-notice]').filter({ hasText: 'Added Field Notes' })).toHaveText(
    /Added Field Notes: its posts and pages are shown now\./,
  );
  await expect(addButton).toBeFocused();
  await expect(page.locator('tbody tr')).toHaveCount(12);
  await screen(page, '02-publications', 'switched');

  // A search typed for one publication does not hide the next one's posts.
  const search = page.getByRole('searchbox', { name: 'Search posts saved on this computer' });
  await search.fill('no such words anywhere');
  await expect(page.locator('tbody tr')).toHaveCount(0);
  await page.getByRole('button', { name: /^Local sample/ }).click();
  await expect(page.getByText('Writing for')).toContainText('Local sample');
  await expect(search).toHaveValue('');
  await expect(page.locator('tbody tr')).toHaveCount(20);

  // The token is rotated on the service: the change made meanwhile is refused, and a new token
  // entered in place (a wrong one first) sends it, with nothing removed and added again.
  await fieldNotes.click();
  const rotated = JSON.parse(
    serverCli(world.server.dataFile, [
      'publication',
      'token',
      '--subdomain',
      'field-notes',
      '--revoke-others',
    ]),
  ) as { token: string };
  await page.getByRole('button', { name: 'New post' }).click();
  // A long title, pasted with a line break: one line of text, wrapped on screen, all in sight.
  const titleField = page.getByRole('textbox', { name: 'Title', exact: true });
  await titleField.fill(
    'After the rotation: what a writer does when the service refuses\nthe old key and wants a new one',
  );
  await expect(titleField).toHaveValue(
    'After the rotation: what a writer does when the service refuses the old key and wants a new one',
  );
  expect((await titleField.boundingBox())?.height).toBeGreaterThan(60);
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Not synced', {
    timeout: 15_000,
  });
  // The refusal says where to go, in the status area (its line above the title is scrolled past,
  // the writer's place in the title kept).
  await expect(errorNotices(page)).toContainText(
    'Replace the token with “Token” beside the publication.',
  );
  await page.getByRole('button', { name: 'Replace the token for Field Notes' }).click();
  const tokenDialog = page.getByRole('dialog', { name: 'New token for “Field Notes”' });
  await expect(tokenDialog.getByLabel('Access token')).toBeFocused();
  await page.keyboard.type(world.token);
  await page.keyboard.press('Enter');
  await expect(tokenDialog.getByRole('alert')).toContainText('refused');
  await screen(page, '02-publications', 'token-refused');
  await tokenDialog.getByLabel('Access token').fill(rotated.token);
  await page.keyboard.press('Enter');
  await expect(tokenDialog).toBeHidden();
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Synced', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: /All posts/ }).click();
  await expect(page.locator('tbody tr')).toHaveCount(13);

  // An Undo taken on another publication's list turns the app back to the post's, its list
  // without the search typed on the other one (a review found that search kept).
  await page.locator('tbody tr').first().getByRole('button').click();
  const deleted = await titleField.inputValue();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const undo = page
    .getByRole('status')
    .filter({ hasText: `Deleted “${deleted}”` })
    .getByRole('button', { name: 'Undo' });
  await page.getByRole('button', { name: /^Local sample/ }).click();
  await page.getByRole('searchbox').fill('nothing like it');
  await undo.click();
  await expect(page.getByText('Writing for')).toContainText('Field Notes');
  await expect(titleField).toHaveValue(deleted);
  await page.getByRole('button', { name: /All posts/ }).click();
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(page.locator('tbody tr')).toHaveCount(13);

  // A narrow window (half a laptop screen): the sidebar is a band above the list, and steps
  // aside while a draft is open, so the editor's actions keep to one row.
  await page.setViewportSize({ width: 760, height: 720 });
  const sidebar = page.locator('.sidebar');
  const band = await sidebar.boundingBox();
  const listBox = await page.locator('.record-list').boundingBox();
  expect(band?.width).toBeGreaterThan(740);
  expect(listBox?.y).toBeGreaterThanOrEqual((band?.y ?? 0) + (band?.height ?? 0));
  await screen(page, '02-publications', 'narrow-list');
  // A short list leaves the band as tall as what it holds; the room left is the list's.
  await page.getByRole('button', { name: 'Pages', exact: true }).click();
  await expect(page.locator('tbody tr')).toHaveCount(2);
  const shortBand = await sidebar.boundingBox();
  const kinds = await page.locator('.kinds').boundingBox();
  const bandRoom =
    (shortBand?.y ?? 0) + (shortBand?.height ?? 0) - ((kinds?.y ?? 0) + (kinds?.height ?? 0));
  expect(bandRoom, 'room under the last row of the band').toBeLessThan(16);
  await screen(page, '02-publications', 'narrow-short-list');
  await page.getByRole('button', { name: 'Posts', exact: true }).click();
  await expect(page.locator('tbody tr')).toHaveCount(13);
  await page.locator('tbody tr').first().getByRole('button').click();
  await expect(page.locator('.editor-header')).toBeVisible();
  await expect(sidebar).toBeHidden();
  await expect(page.getByText('Writing for')).toBeVisible();
  expect((await page.locator('.editor-actions').boundingBox())?.height).toBeLessThan(50);
  await screen(page, '02-publications', 'narrow-editor');
  // Narrower still, the header wraps taller; Shift+Tab up through the details never leaves the
  // field it reaches under it.
  await page.setViewportSize({ width: 560, height: 720 });
  await page.getByRole('button', { name: 'Details and search' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).focus();
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Shift+Tab');
    const place = await page.evaluate(() => {
      const doc = (globalThis as any).document;
      const header = doc.querySelector('.editor-header');
      const focused = doc.activeElement;
      return {
        name: `${focused.tagName} ${focused.getAttribute('aria-label') ?? focused.id ?? ''}`,
        inHeader: header.contains(focused),
        top: Math.round(focused.getBoundingClientRect().top),
        headerBottom: Math.round(header.getBoundingClientRect().bottom),
      };
    });
    if (!place.inHeader)
      expect(place.top, `${place.name} under the header`).toBeGreaterThanOrEqual(
        place.headerBottom,
      );
  }
  await screen(page, '02-publications', 'narrow-details');
  await page.getByRole('button', { name: 'Details and search' }).click();
  await page.setViewportSize({ width: 760, height: 720 });
  await page.getByRole('button', { name: /All posts/ }).click();
  await expect(sidebar).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 860 });

  // Removing asks first, says what is lost, and Cancel (the focused button) loses nothing.
  await world.server.stop();
  await page.getByRole('button', { name: 'New post' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Unsent thoughts');
  await expect(fieldNotes).toContainText('1 unsynced', { timeout: 15_000 });
  const offlineBanner = page.getByRole('status').filter({ hasText: 'Offline.' });
  await expect(offlineBanner).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /All posts/ }).click();
  // With another publication on screen, the banner names the one away: this one is not offline.
  await page.getByRole('button', { name: /^Local sample/ }).click();
  await expect(page.locator('.offline-banner')).toHaveText(
    'Field Notes cannot be reached. 1 change for it saved on this computer will sync when its service is back.',
  );
  await screen(page, '02-publications', 'other-away');
  await fieldNotes.click();
  await expect(page.getByText('Writing for')).toContainText('Field Notes');
  // A search typed for it is not left filtering the next one's list (a review).
  await page.getByRole('searchbox').fill('Unsent');
  await expect(page.getByRole('button', { name: 'Unsent thoughts' })).toBeVisible();
  const removeButton = page.getByRole('button', { name: 'Remove Field Notes' });
  await removeButton.click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove “Field Notes”?' });
  await expect(confirm).toContainText('Removing it deletes nothing on the service');
  await expect(confirm).toContainText('1 change has not reached the service yet and will be lost');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screen(page, '02-publications', 'remove-confirm');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(removeButton).toBeFocused();
  await expect(fieldNotes).toBeVisible();

  await removeButton.click();
  await confirm.getByRole('button', { name: 'Remove and lose 1 change' }).click();
  await expect(confirm).toBeHidden();
  await expect(fieldNotes).toBeHidden();
  await expect(page.getByText('Writing for')).toContainText('Local sample');
  await expect(page.getByRole('button', { name: /^Local sample/ })).toBeFocused();
  // Nothing is waiting for the stopped service any more: the app is not offline.
  await expect(offlineBanner).toBeHidden();
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(page.locator('tbody tr')).toHaveCount(20);
  await screen(page, '02-publications', 'removed');

  // The Local sample removed too, Add publication offers it back, its posts with it: its token
  // is minted at each launch, so nothing typed could reach it (a review).
  // A post of it deleted just before: its Undo goes with the publication, which it could not
  // reach any more ("That draft no longer exists", a review).
  await page.locator('tbody tr').first().getByRole('button').click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const sampleUndo = page.getByRole('button', { name: 'Undo' });
  await expect(sampleUndo).toBeVisible();
  await page.getByRole('button', { name: 'Remove Local sample' }).click();
  const sampleConfirm = page.getByRole('alertdialog', { name: 'Remove “Local sample”?' });
  await expect(sampleConfirm).toContainText('Add publication can bring it back');
  await sampleConfirm.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByRole('button', { name: /^Local sample/ })).toBeHidden();
  // At once, well within its 10 s: not merely run out.
  await expect(sampleUndo).toBeHidden({ timeout: 1_000 });
  await page.getByRole('button', { name: 'Add publication' }).click();
  await expect(page.getByRole('button', { name: 'Bring back the Local sample' })).toBeVisible();
  await screen(page, '02-publications', 'sample-offered');
  await page.getByRole('button', { name: 'Bring back the Local sample' }).click();
  await expect(page.getByText('Writing for')).toContainText('Local sample');
  await expect(page.locator('tbody tr')).toHaveCount(20);
  await screen(page, '02-publications', 'sample-back');
});
