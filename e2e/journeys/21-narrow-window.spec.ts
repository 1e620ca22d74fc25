import { expect, test, type Page } from '@playwright/test';
import { namelessControls } from '../support/a11y';
import { addPublication, bodyBox, openApp, screen, titleBox, topOnScreen } from '../support/app';
import { createPost, journey } from '../support/journey';
import { apiPut } from '../support/processes';

// A writer's review at 1024 × 700, a laptop's window, with the sidebar beside the list and the
// editor: the header took 28–38% of the window, the offline banner pushed the text down and
// scrolled away, and in a long list no publication's name was left on screen. A long name, as
// real publications have, is what makes the rows wrap.
const NAME = 'The Harbour Quarterly Review';
let conflictId: number;
const world = journey({
  subdomain: 'harbour',
  name: NAME,
  seed: { posts: 30, pages: 1 },
  setup: async (w) => {
    await createPost(w, {
      title: 'Harbour notes',
      content: '<p>The boats came in early.</p>',
      slug: 'harbour-notes',
      status: 'publish',
    });
    conflictId = await createPost(w, {
      title: 'Two hands',
      content: '<p>The first version.</p>',
      slug: 'two-hands',
    });
    const page = await fetch(`${w.server.url}/app/${w.subdomain}/pages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'About the harbour',
        content: '<p>Who writes here.</p>',
        slug: 'about-the-harbour',
        status: 'publish',
      }),
    });
    expect(page.status).toBe(201);
  },
});

interface HeaderShape {
  height: number;
  rows: number;
  /** Buttons not wholly in the window (cut off, or pushed out sideways). */
  outside: string[];
}

/**
 * The header's height, and its rows as the eye counts them: things whose boxes overlap in height
 * share a row. Every button in it must be wholly inside the window.
 */
async function headerShape(page: Page): Promise<HeaderShape> {
  return page.locator('.editor-header').evaluate((header) => {
    const g = globalThis as any;
    const items = [...header.querySelectorAll('.editor-state > *, .editor-actions > *, button')]
      .filter((item: any) => {
        const style = g.getComputedStyle(item);
        const box = item.getBoundingClientRect();
        return style.position !== 'absolute' && box.width > 1 && box.height > 1;
      })
      .map((item: any) => item.getBoundingClientRect())
      .sort((a: any, b: any) => a.top - b.top);
    const rows: { top: number; bottom: number }[] = [];
    for (const box of items) {
      const row = rows.find((r) => box.top < r.bottom - 2 && box.bottom > r.top + 2);
      if (row) row.bottom = Math.max(row.bottom, box.bottom);
      else rows.push({ top: box.top, bottom: box.bottom });
    }
    const outside = [...header.querySelectorAll('button')]
      .filter((button: any) => {
        const box = button.getBoundingClientRect();
        return box.left < 0 || box.right > g.innerWidth || box.top < 0;
      })
      .map((button: any) => button.textContent);
    return {
      height: Math.round(header.getBoundingClientRect().height),
      rows: rows.length,
      outside,
    };
  });
}

async function expectCompactHeader(page: Page, what: string, maxHeight: number): Promise<void> {
  const shape = await headerShape(page);
  console.info(`${what}: header ${shape.height} px, ${shape.rows} rows`);
  expect.soft(shape.rows, `${what}: rows`).toBeLessThanOrEqual(3);
  expect.soft(shape.height, `${what}: height`).toBeLessThanOrEqual(maxHeight);
  expect.soft(shape.outside, `${what}: buttons out of the window`).toEqual([]);
}

/** WCAG's contrast ratio of two computed colours; one not drawn (transparent) stands out by 1:1. */
function contrast(a: string, b: string): number {
  if ([a, b].some((css) => css === 'transparent' || /rgba\(.*,\s*0\)$/.test(css))) return 1;
  const lum = (css: string) => {
    const [r = 0, g = 0, b2 = 0] = (css.match(/[\d.]+/g) ?? [])
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((s) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** At the end of the text: typed key by key, or a long passage put in at once. */
async function typeAtEnd(page: Page, words: string, { atOnce = false } = {}): Promise<void> {
  await bodyBox(page).click();
  await page.keyboard.press('Control+End');
  if (atOnce) await page.keyboard.insertText(words);
  else await page.keyboard.type(words);
}

test('at 1024 × 700 beside the sidebar: a compact header, the offline banner out of the way, the publication in sight', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, world.host);
  await addPublication(page, {
    name: NAME,
    baseUrl: world.server.url,
    subdomain: world.subdomain,
    token: world.token,
  });
  await expect(page.getByText('Writing for')).toContainText(NAME);
  await expect(page.locator('tbody tr')).toHaveCount(20);

  // (3) Scrolled down to the pager, the publication written for is still on screen, and its card
  // is marked at 3:1 or more against the sidebar and against the card, in both themes.
  const activeCard = page.locator('.publications li.active');
  const activeName = activeCard.locator('.publication-name');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.getByRole('button', { name: 'Next page' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => (globalThis as any).scrollY)).toBeGreaterThan(100);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeInViewport();
    await expect(activeName).toHaveText(NAME);
    await expect.soft(activeName, `${scheme}: the name by the pager`).toBeInViewport({ ratio: 1 });
    const colours = await activeCard.evaluate((card) => {
      const g = globalThis as any;
      return {
        edge: g.getComputedStyle(card).outlineColor as string,
        edgeWidth: g.getComputedStyle(card).outlineWidth as string,
        bar: g.getComputedStyle(card, '::before').backgroundColor as string,
        card: g.getComputedStyle(card).backgroundColor as string,
        sidebar: g.getComputedStyle(card.closest('.sidebar')).backgroundColor as string,
      };
    });
    const marks = {
      'edge against the sidebar': contrast(colours.edge, colours.sidebar),
      'edge against the card': contrast(colours.edge, colours.card),
      'bar against the sidebar': contrast(colours.bar, colours.sidebar),
    };
    console.info(scheme, JSON.stringify(colours), JSON.stringify(marks));
    expect(parseFloat(colours.edgeWidth)).toBeGreaterThanOrEqual(1);
    for (const [mark, ratio] of Object.entries(marks))
      expect.soft(ratio, `${scheme}: ${mark}`).toBeGreaterThanOrEqual(3);
    await screen(page, '21-narrow-window', `list-at-pager-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // (1) A live post with edits waiting: three rows at most, every command in the window.
  await page.getByRole('button', { name: 'Harbour notes' }).click();
  await typeAtEnd(page, ' More later.');
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Edits not live');
  await expect(page.getByRole('button', { name: 'Discard edits' })).toBeVisible();
  await expect(page.getByText('Saved on this computer')).toBeVisible();
  await expectCompactHeader(page, 'live post, edits waiting, 1024', 130);
  // Named as before, whatever is cut short on screen.
  for (const name of [
    `Update on ${NAME}`,
    `Unpublish from ${NAME}`,
    'HTML source',
    'Visual',
    'Redo',
    'Save',
  ])
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  expect(await namelessControls(page)).toEqual([]);
  await screen(page, '21-narrow-window', 'live-post-1024-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screen(page, '21-narrow-window', 'live-post-1024-dark');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectCompactHeader(page, 'live post, edits waiting, 1280', 125);
  await screen(page, '21-narrow-window', 'live-post-1280-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await screen(page, '21-narrow-window', 'live-post-1280-light');
  await page.setViewportSize({ width: 1024, height: 700 });

  // The text's focus ring does not run up beside the header once the text scrolls under it.
  await typeAtEnd(page, ' ' + 'A line of words. '.repeat(200), { atOnce: true });
  await page.evaluate(() => (globalThis as any).scrollTo(0, 400));
  const ring = await page.evaluate(() => {
    const doc = (globalThis as any).document;
    const header = doc.querySelector('.editor-header').getBoundingClientRect();
    const text = doc.querySelector('.editor-content .prose').getBoundingClientRect();
    const y = header.top + header.height / 2;
    const inHeader = (x: number) => Boolean(doc.elementFromPoint(x, y)?.closest('.editor-header'));
    // The ring: 2 px wide, 4 px out from the text on each side.
    return { left: inHeader(text.left - 5), right: inHeader(text.right + 5), under: text.top < y };
  });
  expect(ring.under).toBe(true);
  expect.soft(ring, 'the ring beside the header is covered by it').toEqual({
    left: true,
    right: true,
    under: true,
  });
  await screen(page, '21-narrow-window', 'focus-ring-scrolled');
  await page.getByRole('button', { name: 'Discard edits' }).click();
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Synced', {
    timeout: 15_000,
  });

  // A live page, whose way back is "All pages".
  await page.getByRole('button', { name: /All posts/ }).click();
  await page.getByRole('button', { name: 'Pages', exact: true }).click();
  await page.getByRole('button', { name: 'About the harbour' }).click();
  await typeAtEnd(page, ' More later.');
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Edits not live');
  await expect(page.getByText('Saved on this computer')).toBeVisible();
  await expectCompactHeader(page, 'live page, edits waiting, 1024', 130);
  await screen(page, '21-narrow-window', 'live-page-1024');
  await page.getByRole('button', { name: /All pages/ }).click();
  await page.getByRole('button', { name: 'Posts', exact: true }).click();

  // A conflict.
  await page.getByRole('button', { name: 'Two hands', exact: true }).click();
  await page.getByRole('button', { name: 'HTML source' }).click();
  expect(
    await apiPut(world.server, world.subdomain, `/posts/${conflictId}`, world.token, {
      content: '<p>Theirs, from the other laptop.</p>',
    }),
  ).toBe(200);
  await page.getByLabel('HTML source').fill('<p>Mine, from this laptop.</p>');
  // Found while the writer is in the text at the top of a page shorter than the window: the
  // choice goes in above the title (the notice says so), and the text stays where it is.
  const sourceTop = () => topOnScreen(page, 'textarea.source');
  await page.setViewportSize({ width: 1024, height: 1400 });
  expect(await page.evaluate(() => (globalThis as any).scrollY)).toBe(0);
  const room = await page.evaluate(() => {
    const g = globalThis as any;
    return g.document.body.scrollHeight - g.innerHeight;
  });
  const sourceBefore = await sourceTop();
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('region', { name: /changed on/ })).toBeAttached({ timeout: 30_000 });
  const sourceAfter = await sourceTop();
  console.info(
    'room, and the source top before and after the conflict',
    room,
    sourceBefore,
    sourceAfter,
  );
  expect(room, 'a page no taller than the window').toBeLessThanOrEqual(0);
  expect.soft(sourceAfter, 'the text did not move').toBe(sourceBefore);
  await expect(page.getByLabel('HTML source')).toBeFocused();
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('region', { name: /changed on/ }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: /changed on/ })).toBeVisible();
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Conflict');
  await expectCompactHeader(page, 'conflict, 1024', 130);
  await screen(page, '21-narrow-window', 'conflict-1024');
  await page
    .getByRole('region', { name: /changed on/ })
    .getByRole('button', { name: 'Keep mine' })
    .click();
  await expect(page.getByRole('region', { name: /changed on/ })).toBeHidden({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Visual' }).click();

  // (2) The service drops while the writer types in the title of a draft: the text stays where
  // it is, and the banner with its count is in sight, and stays in sight scrolled down, announced
  // politely.
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Synced', {
    timeout: 15_000,
  });
  await titleBox(page).click();
  await page.keyboard.press('End');
  expect(await page.evaluate(() => (globalThis as any).scrollY)).toBe(0);
  const place = () =>
    page.evaluate(() => {
      const doc = (globalThis as any).document;
      return {
        title: Math.round(doc.querySelector('.title-input').getBoundingClientRect().top),
        text: Math.round(doc.querySelector('.editor-content').getBoundingClientRect().top),
      };
    });
  const before = await place();
  await world.server.stop();
  try {
    await page.keyboard.type(' at dawn');
    const banner = page.getByRole('status').filter({ hasText: /^Offline\./ });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(banner).toContainText('1 change saved on this computer');
    await expect(banner).toHaveAttribute('role', 'status');
    const after = await place();
    console.info('text before and after the banner', JSON.stringify({ before, after }));
    expect.soft(after, 'the title and text did not move').toEqual(before);
    await expect.soft(page.locator('.offline-banner')).toBeInViewport({ ratio: 1 });
    await screen(page, '21-narrow-window', 'offline-1024');
    await typeAtEnd(page, ' ' + 'Written while away. '.repeat(150), { atOnce: true });
    await page.keyboard.press('Control+End');
    expect(await page.evaluate(() => (globalThis as any).scrollY)).toBeGreaterThan(200);
    await expect.soft(page.locator('.offline-banner'), 'scrolled').toBeInViewport({ ratio: 1 });
    await expect.soft(activeName, 'scrolled').toBeInViewport({ ratio: 1 });
    await screen(page, '21-narrow-window', 'offline-scrolled-1024');
    // In a window too narrow for the sidebar, it floats at the window's foot while editing, and
    // the header, with no sidebar beside it, keeps to three rows too.
    await page.setViewportSize({ width: 760, height: 700 });
    await expectCompactHeader(page, 'draft, 760', 130);
    await expect.soft(page.locator('.offline-banner'), '760').toBeInViewport({ ratio: 1 });
    const clear = await page.evaluate(() => {
      const doc = (globalThis as any).document;
      const banner = doc.querySelector('.offline-banner').getBoundingClientRect();
      const header = doc.querySelector('.editor-header').getBoundingClientRect();
      return banner.top >= header.bottom;
    });
    expect.soft(clear, 'the banner is not over the header').toBe(true);
    await screen(page, '21-narrow-window', 'offline-760');
    await page.setViewportSize({ width: 1024, height: 700 });
  } finally {
    await world.server.restart();
  }
  await expect(page.locator('.offline-banner')).toBeHidden({ timeout: 45_000 });
});
