import { expect, test, type Page } from '@playwright/test';
import { bodyBox, errorNotices, openOnPublication, screen, topOnScreen } from '../support/app';
import { createPost, journey } from '../support/journey';

// What appears above the title (a refusal's line) while the writer works elsewhere in a long
// post: far down, it is said in the status area; gone again while the writer types at the top,
// the page stays where it is. A measure of the room above the title taken on screen, scrolled
// down, was off by the scroll: the page was thrown thousands of pixels down as the line went, and
// the line, landing far down, was never said (review R9).
const world = journey({
  subdomain: 'essays',
  name: 'Essays',
  setup: async (w) =>
    void (await createPost(w, {
      title: 'A long essay',
      content: Array.from(
        { length: 80 },
        (_, i) =>
          `<p>Paragraph ${i + 1} of the essay, long enough to fill a line or most of one.</p>`,
      ).join(''),
    })),
});

const scrollY = (page: Page) => page.evaluate(() => (globalThis as any).scrollY as number);

test('a refusal landing far down a long post is said in the status area; gone while the writer types at the top, the page stays where it is', async ({
  page,
}) => {
  await openOnPublication(page, world);
  await page.getByRole('button', { name: 'A long essay' }).click();
  const body = bodyBox(page);
  await expect(body).toContainText('Paragraph 80');
  // A tag the service will refuse (as in journey 03).
  await page.getByRole('button', { name: 'Details and search' }).click();
  await page.getByRole('combobox', { name: 'Add a tag' }).fill('#987654');
  await page.keyboard.press('Enter');

  // The writer works at the end of the post, far down the page.
  await body.locator('p').last().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' The end.');
  const deep = await scrollY(page);
  console.info('scrollY while at the end', deep);
  expect(deep).toBeGreaterThan(1000);
  await page.keyboard.press('Control+s');
  await expect(page.locator('.above-text .error-text')).toBeAttached({ timeout: 20_000 });
  const lineTop = await topOnScreen(page, '.above-text');
  console.info('the refusal line is this far above the window', lineTop);
  expect(lineTop).toBeLessThan(0);
  // Its line is out of sight above: said in the status area.
  await expect(errorNotices(page)).toContainText('Not synced', { timeout: 5_000 });
  await screen(page, '22-text-stays-put', 'refused-far-down');

  // Dismissed, it is not shown again when its line, still out of sight, moves (here it wraps
  // onto more lines in a narrower window).
  await errorNotices(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(errorNotices(page)).toHaveCount(0);
  const lineHeight = () =>
    page.locator('.above-text').evaluate((block) => (block as any).offsetHeight as number);
  const oneLine = await lineHeight();
  await page.setViewportSize({ width: 560, height: 860 });
  await expect.poll(lineHeight).toBeGreaterThan(oneLine);
  // Past the observer's answer: two frames.
  await page.evaluate(() => {
    const frame = (globalThis as any).requestAnimationFrame;
    return new Promise((done) => frame(() => frame(done)));
  });
  await expect(errorNotices(page)).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 860 });

  // The writer fixes it: removes the refused tag, and goes back to the top to write there.
  await page.getByRole('button', { name: 'Remove tag #987654, refused by the service' }).click();
  await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await body.locator('p').first().click();
  await page.keyboard.press('End');
  expect(await scrollY(page)).toBe(0);
  const before = await topOnScreen(page, '.editor-content');
  await page.keyboard.type(' Typed at the top.');

  // The refusal goes once the draft syncs.
  await expect(page.locator('.above-text .error-text')).toHaveCount(0, { timeout: 20_000 });
  const after = await topOnScreen(page, '.editor-content');
  const y = await scrollY(page);
  console.info('text top before and after the refusal went, and scrollY', before, after, y);
  await expect(body).toBeFocused();
  // Nothing was added above the text: at most it moves up by the line that went.
  await screen(page, '22-text-stays-put', 'typed-at-the-top');
  expect(y, 'the page was not scrolled').toBe(0);
  expect(Math.abs(after - before), 'the text under the caret stays in sight').toBeLessThan(100);
});
