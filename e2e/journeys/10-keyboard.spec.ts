import { expect, test, type Locator, type Page } from '@playwright/test';
import { bodyBox, openApp, screen, titleBox } from '../support/app';
import { createPost, journey } from '../support/journey';

const world = journey({
  subdomain: 'keys',
  name: 'Keys',
  setup: async (w) => {
    for (const title of ['Alpha walk', 'Beta walk', 'Gamma walk'])
      await createPost(w, { title, content: `<p>${title} words.</p>` });
  },
});

/** Presses Tab (or Shift+Tab) until `target` has the focus: it must be reachable that way. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement))
      return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached by ${back ? 'Shift+Tab' : 'Tab'} in ${max} presses: ${target}`);
}

test('a writer who uses only the keyboard', async ({ page }) => {
  await openApp(page, world.host);

  // The first Tab stop skips the sidebar.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  // With no publication yet, it lands on the main area.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Add publication: an empty submit names each field's problem in the writer's words, outside
  // the field's name, and the keyboard goes to the first field to fix.
  await tabTo(page, page.getByRole('button', { name: 'Add publication' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add publication' });
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  // Ctrl+N opens nothing behind the dialog.
  await page.keyboard.press('Control+n');
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Check the 3 fields marked above.');
  const address = dialog.getByRole('textbox', { name: 'Service address', exact: true });
  await expect(address).toBeFocused();
  await expect(address).toHaveAccessibleDescription(
    'Enter the service’s address, such as https://api.example.com.',
  );
  await expect(dialog.getByRole('textbox', { name: 'Subdomain', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await screen(page, '10-keyboard', 'add-refused');
  // Tab stays in the dialog: from its last control back to its first.
  await tabTo(page, dialog.getByRole('button', { name: 'Add publication' }));
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await page.keyboard.type('Keys');
  await page.keyboard.press('Tab');
  await page.keyboard.type(world.server.url);
  await page.keyboard.press('Tab');
  await page.keyboard.type('keys');
  await page.keyboard.press('Tab');
  await page.keyboard.type(world.token);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add publication' })).toBeFocused();
  // Said, and gone by itself, the keyboard never taken there: news goes after 6 s.
  const added = page.locator('[data-notice]').filter({ hasText: /^Added Keys/ });
  await expect(added).toBeVisible();
  await expect(added).toBeHidden({ timeout: 10_000 });

  // The list: the skip link lands on its heading; rows move with arrows, Home and End.
  await tabTo(page, skip, { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Posts' })).toBeFocused();
  // What a search finds is said.
  await page.keyboard.press('Tab');
  await page.keyboard.type('gamma');
  await expect(page.getByRole('status').filter({ hasText: 'saved on this computer' })).toHaveText(
    '1 match saved on this computer.',
  );
  // Nothing found says where it looked: the service has no search of its own.
  await page.keyboard.type('zz');
  await expect(page.getByText(/^None of the posts saved on this computer match/)).toBeVisible();
  // One page, just read: all of it is here, nothing to fetch.
  await expect(page.getByText(/^The search covers all \d+ posts of /)).toBeVisible();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  const row = (title: string) => page.getByRole('button', { name: title, exact: true });
  await tabTo(page, row('Gamma walk'));
  await page.keyboard.press('End');
  await expect(row('Alpha walk')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(row('Gamma walk')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(row('Beta walk')).toBeFocused();
  // The rows are one Tab stop: Tab leaves them, Shift+Tab comes back to the row it left.
  await page.keyboard.press('Tab');
  await expect(page.locator('button.row-open:focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(row('Beta walk')).toBeFocused();

  // Opening a post with a title puts the caret in its text.
  await page.keyboard.press('Enter');
  await expect(bodyBox(page)).toBeFocused();
  await expect(titleBox(page)).toHaveValue('Beta walk');

  // Ctrl+K links the selected words, and the caret comes back to the text.
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Control+k');
  const address2 = page.getByRole('textbox', { name: 'Link address' });
  await expect(address2).toBeFocused();
  await address2.fill('https://example.com/beta');
  await page.keyboard.press('Enter');
  await expect(bodyBox(page)).toBeFocused();
  await expect(bodyBox(page).locator('a[href="https://example.com/beta"]')).toHaveText('Beta');
  // With nothing selected, the address goes in as its own link.
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' See ');
  await page.keyboard.press('Control+k');
  await address2.fill('https://example.com/more');
  await page.keyboard.press('Enter');
  await expect(bodyBox(page).locator('a[href="https://example.com/more"]')).toHaveText(
    'https://example.com/more',
  );
  await expect(bodyBox(page)).toBeFocused();

  // The formatting toolbar is one Tab stop; arrows move along it.
  await page.keyboard.press('Shift+Tab');
  await expect(titleBox(page)).toBeFocused();
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  await tabTo(page, toolbar.getByRole('button', { name: 'Bold' }), { back: true, max: 4 });
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Redo' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Visual' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(toolbar.getByRole('button', { name: 'Redo' })).toBeFocused();
  await screen(page, '10-keyboard', 'toolbar');

  // Removing a tag keeps the keyboard among the tags.
  await tabTo(page, page.getByRole('button', { name: 'Details and search' }));
  await page.keyboard.press('Enter');
  const tagField = page.getByRole('combobox', { name: 'Add a tag' });
  await tabTo(page, tagField);
  for (const tag of ['7', '8']) {
    await page.keyboard.type(tag);
    await page.keyboard.press('Enter');
  }
  await tabTo(page, page.getByRole('button', { name: 'Remove tag #8' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove tag #7' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tagField).toBeFocused();

  // HTML the visual editor cannot keep: the warning takes the keyboard, Escape stays in source.
  await tabTo(page, page.getByRole('button', { name: 'HTML source' }), { back: true, max: 60 });
  await page.keyboard.press('Enter');
  const source = page.getByRole('textbox', { name: 'HTML source' });
  await source.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('<nav class="callout"><p>kept</p></nav>');
  await tabTo(page, page.getByRole('button', { name: 'Visual' }), { back: true });
  await page.keyboard.press('Enter');
  const warning = page.getByRole('alertdialog');
  await expect(warning.getByRole('button', { name: 'Stay in HTML source' })).toBeFocused();
  await screen(page, '10-keyboard', 'loss-warning');
  await page.keyboard.press('Escape');
  await expect(warning).toBeHidden();
  await expect(source).toBeFocused();
  await expect(source).toHaveValue(/<nav class="callout">/);

  // Back to the list: the keyboard is on the row it left.
  await tabTo(page, page.getByRole('button', { name: /All posts/ }), { back: true, max: 60 });
  await page.keyboard.press('Enter');
  await expect(row('Beta walk')).toBeFocused();

  // Delete: the Undo is where the keyboard is; taking it reopens the post, caret in the text.
  await row('Alpha walk').focus();
  await page.keyboard.press('Enter');
  await expect(bodyBox(page)).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Delete' }), { max: 60 });
  await page.keyboard.press('Enter');
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  await expect(undo).toHaveAccessibleDescription(/^Deleted “Alpha walk”\. Undo is possible for/);
  await screen(page, '10-keyboard', 'undo-focused');
  await page.keyboard.press('Enter');
  await expect(titleBox(page)).toHaveValue('Alpha walk');
  await expect(bodyBox(page)).toBeFocused();

  // Dismissing the notice that has the keyboard leaves it on the list's heading, not the window.
  await tabTo(page, page.getByRole('button', { name: /All posts/ }), { back: true, max: 60 });
  await page.keyboard.press('Enter');
  await expect(row('Alpha walk')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(row('Gamma walk')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bodyBox(page)).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Delete' }), { max: 60 });
  await page.keyboard.press('Enter');
  await expect(undo).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Dismiss' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Posts' })).toBeFocused();
  await expect(row('Gamma walk')).toBeHidden();

  // A new post starts at its title.
  await page.keyboard.press('Control+n');
  await expect(titleBox(page)).toHaveValue('');
  await expect(titleBox(page)).toBeFocused();

  // Typing on at once after New post: every key is the new title's, none the post left behind.
  await page.keyboard.type('First new');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Words.');
  await page.keyboard.press('Control+n');
  await page.keyboard.type('Weekly links', { delay: 20 });
  await expect(titleBox(page)).toHaveValue('Weekly links');
  await expect(titleBox(page)).toBeFocused();
  // The toolbar's Undo is the text's: with the title in focus it is unavailable, and pressed it
  // takes nothing from the text behind the writer's back.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Body words.');
  await titleBox(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' typo');
  const undoButton = page.getByRole('button', { name: 'Undo', exact: true });
  await expect(undoButton).toHaveAttribute('aria-disabled', 'true');
  await undoButton.click({ force: true });
  await expect(titleBox(page)).toHaveValue('Weekly links typo');
  await expect(bodyBox(page)).toHaveText('Body words.');
  await titleBox(page).fill('Weekly links');

  // A slow New post (the new draft takes a second to make): Enter among the keys typed
  // meanwhile starts the text, as it would have. New post pressed again meanwhile is the same
  // one: one draft made, every key its own.
  let creates = 0;
  await page.route('**/api/call/records.create', async (route) => {
    creates++;
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.keyboard.press('Control+n');
  await page.keyboard.type('Tues');
  await page.keyboard.press('Control+n');
  await page.keyboard.type('day');
  await page.keyboard.press('Enter');
  await page.keyboard.type('It rained.');
  await expect(titleBox(page)).toHaveValue('Tuesday');
  await expect(bodyBox(page)).toHaveText('It rained.');
  expect(creates).toBe(1);
  await page.unroute('**/api/call/records.create');
  // New post while the open post cannot be saved: it stays, and the keys typed meanwhile are
  // its own again, where the writer was. (The core's full-disk answer is stood in for here:
  // journey 16 fills a real disk.)
  await page.route('**/api/call/drafts.save', async (route) => {
    // Answered after a moment, so the keys below come while the leaving is under way.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        ok: false,
        error: { kind: 'storage', message: 'The disk is full. Free some space, then save again.' },
      }),
    });
  });
  await page.keyboard.press('Control+n');
  await page.keyboard.type(' Typed on.');
  await expect(bodyBox(page)).toHaveText('It rained. Typed on.');
  await expect(bodyBox(page)).toBeFocused();
  await page.unroute('**/api/call/drafts.save');
  await page.keyboard.press('Control+s');
  await page.keyboard.press('Control+s');
  await page.getByRole('button', { name: /All posts/ }).click();
  await row('First new').click();
  await expect(bodyBox(page)).toHaveText('Words.');
});
