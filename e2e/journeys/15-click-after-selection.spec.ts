import { expect, test, type Page } from '@playwright/test';
import { addPublication, bodyBox, openApp, screen } from '../support/app';
import { createPost, journey } from '../support/journey';

const world = journey({
  subdomain: 'clicks',
  name: 'Clicks',
  setup: async (w) => {
    await createPost(w, {
      title: 'Where the caret goes',
      content:
        '<p>The morning was cold and grey.</p><h3>A heading here</h3><p>Last paragraph of text.</p>',
    });
  },
});

const selectedText = (page: Page) =>
  page.evaluate(() => String((globalThis as any).getSelection()));

/** Where a word of the post's first paragraph is drawn, whatever font the machine has. */
const wordAt = (page: Page, word: string) =>
  page.evaluate((wanted) => {
    const doc = (globalThis as any).document;
    const text = doc.querySelector('.ProseMirror p').firstChild;
    const range = doc.createRange();
    const start = text.data.indexOf(wanted);
    range.setStart(text, start);
    range.setEnd(text, start + wanted.length);
    const box = range.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }, word);

// Found in a writer's review: with a word selected, a click on a button and then a click back
// into the text left the old selection in place, and typing replaced the selected word.
test('a click back into the text puts the caret where it lands, whatever was selected', async ({
  page,
}) => {
  await openApp(page, world.host);
  await addPublication(page, {
    name: 'Clicks',
    baseUrl: world.server.url,
    subdomain: 'clicks',
    token: world.token,
  });
  await page.getByRole('button', { name: 'Where the caret goes' }).click();
  const body = bodyBox(page);
  const morning = body.getByText('The morning was cold');
  await expect(morning).toBeVisible();

  // Found by a machine with wider fonts: a fixed offset into the line landed on "morning".
  const was = await wordAt(page, 'was');
  await page.mouse.dblclick(was.x, was.y);
  expect(await selectedText(page)).toBe('was');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await body.getByText('Last paragraph of text.').click({ position: { x: 2, y: 5 } });
  await page.keyboard.type('Really the ');
  await expect(body.locator('p').last()).toHaveText('Really the Last paragraph of text.');
  await expect(body.locator('p').first()).toHaveText('The morning was cold and grey.');

  // The same after the focus went to a field: the heading takes the words.
  await body.getByText('A heading').dblclick();
  await page.getByRole('textbox', { name: 'Title', exact: true }).click();
  await body.getByText('A heading here').click({ position: { x: 2, y: 5 } });
  await page.keyboard.type('Just ');
  await expect(body.locator('h3')).toHaveText('Just A heading here');
  await screen(page, '15-click-after-selection', 'typed-where-clicked');
});
