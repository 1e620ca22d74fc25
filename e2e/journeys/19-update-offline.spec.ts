import { expect, test, type Page } from '@playwright/test';
import { bodyBox, openOnPublication, screen } from '../support/app';
import { createPost, journey } from '../support/journey';
import { apiGet } from '../support/processes';

const J = '19-update-offline';
const world = journey({
  subdomain: 'journal',
  name: 'Journal',
  setup: async (w) => {
    for (const t of ['Harbour notes', 'Lighthouse log', 'Ferry timetable'])
      await createPost(w, {
        title: t,
        content: `<p>${t} as readers see it.</p>`,
        status: 'publish',
      });
  },
});

const header = (page: Page) => page.locator('.editor-header');
const banner = (page: Page) => page.locator('.offline-banner');
async function open(page: Page, title: string) {
  const all = page.getByRole('button', { name: 'All posts' });
  if (await all.isVisible()) await all.click();
  await page
    .locator('tbody tr')
    .filter({ hasText: title })
    .getByRole('button', { name: title })
    .click();
  await expect(bodyBox(page)).toBeVisible();
}
async function addWords(page: Page, words: string) {
  await bodyBox(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(words);
  await page.keyboard.press('Control+s');
}
const content = async (title: string) => {
  const posts = (await apiGet(world.server, 'journal', '/posts?limit=100', world.token)).body.posts
    .data;
  const slug = posts.find((p: { title: string; slug: string }) => p.title === title).slug;
  return (await apiGet(world.server, 'journal', `/posts/${slug}`, world.token)).body.post;
};

// A writer's review of what the screen says while the service is away: an Update pressed, edits
// held beside it, an Unpublish taken back with "Keep published", and what goes when it is back.
test('update pending, held edits and keep published while the service is away', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openOnPublication(page, world);
  await expect(page.locator('tbody tr')).toHaveCount(3);

  // (1) Update pressed on a live post while the service is away.
  await open(page, 'Harbour notes');
  await addWords(page, ' First fix.');
  await expect(header(page).locator('.sync-badge')).toHaveText('Edits not live');
  await world.server.stop();
  await page.getByRole('button', { name: 'Update on Journal' }).click();
  const sync = header(page).locator('.sync-badge');
  await expect(sync).toHaveText('Update pending', { timeout: 30_000 });
  await expect(sync).toHaveAttribute(
    'title',
    /The update then goes as it was when you pressed it; what you write meanwhile waits for the next Update/,
  );
  await expect(header(page).locator('.status-badge')).toHaveText('Published');
  await expect(banner(page)).toContainText(
    '1 change saved on this computer will sync when the service is back.',
  );
  await screen(page, J, 'update-pending');
  // Pressed, nothing written since: Update is not drawn as the next step again.
  const update = page.getByRole('button', { name: 'Update on Journal' });
  await expect(update).not.toHaveClass(/primary/);

  await addWords(page, ' Second thought.');
  await expect(update).toHaveClass(/primary/);
  await expect(sync).toHaveText('Update pending');

  // (2) A held edit on another live post is said apart in the banner.
  await open(page, 'Lighthouse log');
  await addWords(page, ' Lamp replaced.');
  await expect(header(page).locator('.sync-badge')).toHaveText('Edits not live');
  await expect(banner(page)).toContainText(
    '1 change saved on this computer will sync when the service is back. 1 edit to a live post or page waits for your Update.',
  );
  await expect(page.getByText('journal · 1 unsynced · 1 edit not live')).toBeVisible();
  await screen(page, J, 'held');

  // (4) Unpublish while away, then Keep published.
  await open(page, 'Ferry timetable');
  await page.getByRole('button', { name: 'Unpublish from Journal' }).click();
  await expect(header(page).locator('.status-badge')).toHaveText('Unpublish pending', {
    timeout: 30_000,
  });
  await expect(header(page).locator('.status-badge')).toHaveAttribute(
    'title',
    /Still live: readers of Journal see it/,
  );
  await screen(page, J, 'unpublish-pending');
  await page.getByRole('button', { name: 'Keep published on Journal' }).click();
  await expect(header(page).locator('.status-badge')).toHaveText('Published');
  const notices = page.locator('[data-notice]');
  // Nothing reached the service, and the post was never unpublished: kept, not published anew,
  // and the "Unpublish pending" notice gives way to it.
  await expect(notices.filter({ hasText: 'Kept published on Journal' })).toHaveCount(1);
  await expect(notices.filter({ hasText: 'Published on Journal.' })).toHaveCount(0);
  await expect(notices.filter({ hasText: 'Unpublish pending' })).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
  await expect(update).not.toHaveClass(/primary/);
  await screen(page, J, 'keep-published');

  // The list row.
  await page.getByRole('button', { name: 'All posts' }).click();
  const harbour = page.locator('tbody tr').filter({ hasText: 'Harbour notes' });
  await expect(harbour.locator('.badge').last()).toHaveText('Update pending');
  await screen(page, J, 'list-offline');
  await expect(harbour.locator('.badge').last()).toHaveAttribute(
    'title',
    /words written since wait/,
  );

  // Back online: the pressed words went, later words are held; the kept post is untouched.
  await world.server.restart();
  await expect(banner(page)).toBeHidden({ timeout: 90_000 });
  await expect
    .poll(async () => (await content('Harbour notes')).content, { timeout: 30_000 })
    .toBe('<p>Harbour notes as readers see it. First fix.</p>');
  await expect(harbour.locator('.badge').last()).toHaveText('Edits not live', { timeout: 20_000 });
  const ferry = await content('Ferry timetable');
  expect([ferry.status, ferry.content]).toEqual([
    'publish',
    '<p>Ferry timetable as readers see it.</p>',
  ]);
  await expect(
    page.locator('tbody tr').filter({ hasText: 'Ferry timetable' }).locator('.badge').last(),
  ).toHaveText('Synced');
  await screen(page, J, 'list-online');
});
