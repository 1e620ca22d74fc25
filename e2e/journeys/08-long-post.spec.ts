import { expect, test, type Page } from '@playwright/test';
import { addPublication, bodyBox, openApp, screen } from '../support/app';
import { createPost, journey } from '../support/journey';
import { apiGet } from '../support/processes';

const PARAGRAPHS = 400;
const world = journey({
  subdomain: 'longform',
  name: 'Longform',
  setup: async (w) =>
    void (await createPost(w, {
      title: 'A long essay',
      content: Array.from(
        { length: PARAGRAPHS },
        (_, i) =>
          `<p>Paragraph ${i + 1} of the essay, long enough to fill a line or most of one.</p>`,
      ).join(''),
    })),
});

/** Where the caret is, against the window and the editor's sticky header. */
const caretPlace = (page: Page) =>
  page.evaluate(() => {
    const window = globalThis as any;
    const caret = window.getSelection().getRangeAt(0).getBoundingClientRect();
    const header = window.document.querySelector('.editor-header').getBoundingClientRect();
    return {
      top: caret.top as number,
      bottom: caret.bottom as number,
      window: window.innerHeight as number,
      headerBottom: header.bottom as number,
    };
  });

test('write at both ends of a long post: the caret stays clear of the edges and the words sync', async ({
  page,
}) => {
  await openApp(page, world.host);
  await addPublication(page, {
    name: 'Longform',
    baseUrl: world.server.url,
    subdomain: 'longform',
    token: world.token,
  });
  await page.getByRole('button', { name: 'A long essay' }).click();
  const body = bodyBox(page);
  await body.click();
  // ProseMirror settles the clicked selection a moment after the click; a Control+End pressed
  // before that is undone. Press until the caret is in the last paragraph.
  await expect(async () => {
    await page.keyboard.press('Control+End');
    const inLast = await page.evaluate(() => {
      const window = globalThis as any;
      const editor = window.document.querySelector('.ProseMirror');
      return editor.lastElementChild.contains(window.getSelection().focusNode) as boolean;
    });
    expect(inLast).toBe(true);
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await page.keyboard.type('The last word, added at the end.');
  // Typing at the window's edge is where Chromium was seen to show letters seconds late.
  const atEnd = await caretPlace(page);
  expect(atEnd.bottom).toBeLessThanOrEqual(atEnd.window - 100);
  expect(atEnd.top).toBeGreaterThan(atEnd.headerBottom);
  await screen(page, '08-long-post', 'typing-at-the-end');

  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  await page.keyboard.type('Meanwhile: ');
  // Moving up must not hide the line being written under the sticky header.
  const higherUp = await caretPlace(page);
  expect(higherUp.top).toBeGreaterThanOrEqual(higherUp.headerBottom + 20);
  expect(higherUp.bottom).toBeLessThan(higherUp.window);
  await screen(page, '08-long-post', 'typing-higher-up');

  // A narrow window (a third of a laptop screen) wraps the header onto more rows: the clearance
  // follows its height.
  await page.setViewportSize({ width: 560, height: 720 });
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  await page.keyboard.type('Narrow: ');
  const narrow = await caretPlace(page);
  expect(narrow.headerBottom).toBeGreaterThan(150);
  expect(narrow.top).toBeGreaterThanOrEqual(narrow.headerBottom + 20);
  await screen(page, '08-long-post', 'typing-in-a-narrow-window');

  await page.keyboard.press('Control+s');
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Synced', {
    timeout: 20_000,
  });
  await expect
    .poll(async () => {
      const { body: got } = await apiGet(
        world.server,
        'longform',
        '/posts/a-long-essay',
        world.token,
      );
      return got.post?.content as string | undefined;
    })
    .toMatch(
      /<p>Narrow: Paragraph \d+ of the essay.*<p>Meanwhile: Paragraph \d+ of the essay.*<p>The last word, added at the end\.<\/p>$/,
    );
});
