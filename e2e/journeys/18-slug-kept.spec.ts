import { expect, test } from '@playwright/test';
import { bodyBox, openOnPublication, screen, titleBox } from '../support/app';
import { createPost, journey } from '../support/journey';
import { apiGet } from '../support/processes';

const J = '18-slug-kept';
const world = journey({
  subdomain: 'journal',
  name: 'Journal',
  setup: async (w) => {
    // A post once at "river-walk", deleted on the service: the service keeps the slug.
    const id = await createPost(w, {
      title: 'River walk (old)',
      slug: 'river-walk',
      content: '<p>Old.</p>',
      status: 'publish',
    });
    const del = await fetch(`${w.server.url}/app/journal/posts/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${w.token}` },
    });
    if (!del.ok) throw new Error(`delete failed ${del.status}`);
  },
});

// A writer's review: a Publish under a slug the service keeps for a deleted post is made a
// draft and refused on the Slug field; it is called refused (it waits for the writer, not the
// service), and the refusal goes once the writer takes the slug given.
test('publish under a slug the service keeps for a deleted post', async ({ page }) => {
  await openOnPublication(page, world);
  await page.getByRole('button', { name: 'New post' }).click();
  await titleBox(page).fill('A walk by the river');
  await bodyBox(page).click();
  await page.keyboard.type('The water was still.');
  await page.getByRole('button', { name: 'Details and search' }).click();
  const slug = page.getByRole('textbox', { name: 'Slug' });
  await slug.fill('river-walk');
  await page.keyboard.press('Control+s');
  await page.getByRole('button', { name: 'Publish to Journal' }).click();

  await expect(
    page.getByText(/The service gave this post the slug “river-walk-2”, not “river-walk”/).first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(slug).toHaveAttribute('aria-invalid', 'true');
  await screen(page, J, 'refused');
  const header = page.locator('.editor-header');
  const notices = page.locator('[data-notice]');
  // The service holds the post, as a draft, at river-walk-2.
  const onService = (await apiGet(world.server, 'journal', '/posts?limit=100', world.token)).body
    .posts.data;
  expect(onService.map((p: { slug: string; status: string }) => [p.slug, p.status])).toEqual([
    ['river-walk-2', 'draft'],
  ]);

  // The publish waits for the writer's choice of slug, not for the service.
  await expect(header.locator('.status-badge')).toHaveText('Publish refused');
  // The words were sent: the post is on the service, as a draft; what failed is the publish.
  await expect(notices.filter({ hasText: 'Not sent to Journal' })).toHaveCount(0);
  await expect(notices.filter({ hasText: 'Not published on Journal' })).toHaveCount(1);

  await page.getByRole('button', { name: 'All posts' }).click();
  const row = page.locator('tbody tr').filter({ hasText: 'A walk by the river' });
  await expect(row.locator('.badge').first()).toHaveText('Publish refused');
  await screen(page, J, 'list');

  // The writer takes river-walk-2: the kept Publish goes with it.
  await row.getByRole('button', { name: 'A walk by the river' }).click();
  // Opened first: asked before, the panel (kept open since) could be toggled shut as it came.
  await expect(titleBox(page)).toHaveValue('A walk by the river');
  if (!(await slug.isVisible()))
    await page.getByRole('button', { name: 'Details and search' }).click();
  await slug.fill('river-walk-2');
  await page.keyboard.press('Control+s');
  await expect(header.locator('.status-badge')).toHaveText('Published', { timeout: 30_000 });
  await expect(header.locator('.sync-badge')).toHaveText('Synced');
  // The refusal is settled: its notice goes (error notices otherwise stay until dismissed).
  await expect(notices.filter({ hasText: 'Choose another slug' })).toHaveCount(0);
  await screen(page, J, 'published');
});
