import { expect, test, type Locator, type Page } from '@playwright/test';
import { addPublication, bodyBox, openedOn, openApp, screen } from '../support/app';
import { createPost, journey } from '../support/journey';
import { apiGet, apiPut } from '../support/processes';

let postId: number;
const otherIds: Record<string, number> = {};
const world = journey({
  subdomain: 'shared',
  name: 'Shared',
  setup: async (w) => {
    postId = await createPost(w, {
      title: 'Two hands',
      content: '<p>The first version.</p>',
      slug: 'two-hands',
    });
    for (const slug of ['three-hands', 'four-hands'])
      otherIds[slug] = await createPost(w, {
        title: slug === 'three-hands' ? 'Three hands' : 'Four hands',
        content: '<p>The first version.</p>',
        slug,
      });
  },
});

/** Opens a post, lets another client change it, changes it here too: the conflict shows. */
async function conflictOn(page: Page, title: string, slug: string): Promise<Locator> {
  await page.getByRole('button', { name: title, exact: true }).click();
  await page.getByRole('button', { name: 'HTML source' }).click();
  expect(
    await apiPut(world.server, 'shared', `/posts/${otherIds[slug]}`, world.token, {
      content: '<p>Theirs, from the other laptop.</p>',
    }),
  ).toBe(200);
  await page.getByLabel('HTML source').fill('<p>Mine, from this laptop.</p>');
  await page.keyboard.press('Control+s');
  const conflict = page.getByRole('region', { name: /changed on Shared/ });
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  return conflict;
}

test('a second client changes the same post: the conflict is shown and resolved', async ({
  page,
}) => {
  await openApp(page, world.host);
  await addPublication(page, {
    name: 'Shared',
    baseUrl: world.server.url,
    subdomain: 'shared',
    token: world.token,
  });
  await page.getByRole('button', { name: 'Two hands' }).click();
  await page.getByRole('button', { name: 'HTML source' }).click();

  // The other client (an API caller with its own copy) writes first.
  expect(
    await apiPut(world.server, 'shared', `/posts/${postId}`, world.token, {
      content: '<p>The version from the other laptop.</p>',
      excerpt: 'Written on the train',
    }),
  ).toBe(200);

  await page.getByLabel('HTML source').fill('<p>The version from this laptop.</p>');
  await page.keyboard.press('Control+s');
  const conflict = page.getByRole('region', { name: /changed on Shared/ });
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  await expect(conflict.getByRole('article', { name: 'Your version' })).toContainText(
    'this laptop',
  );
  await expect(conflict.getByRole('article', { name: 'Version on the service' })).toContainText(
    'the other laptop',
  );
  // Not only the text: every other field that differs is listed, each side's value marked.
  const fields = conflict.getByRole('table', { name: 'Other fields that differ' });
  await expect(fields.getByRole('row', { name: /Excerpt/ })).toContainText('(empty)');
  await expect(fields.getByRole('row', { name: /Excerpt/ })).toContainText('Written on the train');
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Conflict');
  // Nothing was overwritten while the writer decides.
  expect(
    (await apiGet(world.server, 'shared', '/posts/two-hands', world.token)).body.post.content,
  ).toBe('<p>The version from the other laptop.</p>');
  // Said, not only shown: the writer may be in the text, below it.
  await expect(
    page.getByRole('alert').filter({ hasText: 'choose which version to keep' }),
  ).toHaveText(/was changed on Shared too/);
  await screen(page, '05-conflict', 'conflict');

  // The writer goes on writing while deciding: their side follows, and keeping it keeps all of it.
  // Long enough to scroll inside the source field.
  const mine = [
    '<p>The version from this laptop, revised.</p>',
    ...Array.from({ length: 60 }, (_, i) => `<p>Line ${i + 1}.</p>`),
  ].join('\n');
  await page.getByLabel('HTML source').fill(mine);
  await expect(conflict.getByRole('article', { name: 'Your version' })).toContainText('revised');
  // The caret stands at line 50, scrolled into view, when the writer turns to the conflict view.
  const source = page.getByLabel('HTML source');
  const caret = mine.indexOf('<p>Line 50.</p>');
  const scrolled = await source.evaluate((field: any, at) => {
    field.setSelectionRange(at, at);
    field.scrollTop = field.scrollHeight;
    return field.scrollTop as number;
  }, caret);
  expect(scrolled).toBeGreaterThan(0);
  // Publish pressed now is refused until the writer chooses; the notice goes with the choice.
  await page.getByRole('button', { name: 'Publish to Shared' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'keeping yours publishes it' });
  await expect(refused).toContainText('Not published yet');
  // One notice about the conflict, not two: the newer one replaced the first.
  await expect(page.getByRole('alert').locator('[data-notice]')).toHaveCount(1);
  // In a narrow window the notices cover much of the page's foot: the Keep buttons can still be
  // brought out from under them, by keyboard or by scrolling, however many notices there are.
  await page.setViewportSize({ width: 560, height: 720 });
  // Two more notices of the same make, added to the page (the app gives no way to call them up on
  // demand here), to show the room follows the notices' height rather than a fixed guess.
  await page.evaluate(() => {
    const group = (globalThis as any).document.querySelector('.notices [role="status"]');
    for (const line of ['Saved on this computer.', 'A second line of news, long enough to wrap.']) {
      const extra = group.ownerDocument.createElement('div');
      extra.className = 'notice e2e-extra';
      extra.textContent = line;
      group.append(extra);
    }
  });
  const keepMine = conflict.getByRole('button', { name: 'Keep mine' });
  await keepMine.evaluate((button: any) => button.scrollIntoView({ block: 'end' }));
  const noticesTop = (await page.locator('.notices').boundingBox())!.y;
  const keepBottom = (await keepMine.boundingBox())!;
  expect(keepBottom.y + keepBottom.height).toBeLessThanOrEqual(noticesTop);
  await screen(page, '05-conflict', 'narrow-notices');
  await page.evaluate(() =>
    (globalThis as any).document
      .querySelectorAll('.notices .e2e-extra')
      .forEach((extra: any) => extra.remove()),
  );
  await page.setViewportSize({ width: 1280, height: 860 });
  await source.evaluate((field: any, at) => {
    field.setSelectionRange(at, at);
    field.scrollTop = field.scrollHeight;
  }, caret);
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toBeHidden();
  await expect(refused).toHaveCount(0);
  // The view is gone; the keyboard is back in the source, at the same place, not at the top.
  await expect(source).toBeFocused();
  expect(await source.evaluate((field: any) => [field.selectionStart, field.scrollTop])).toEqual([
    caret,
    scrolled,
  ]);
  await expect
    .poll(
      async () =>
        (await apiGet(world.server, 'shared', '/posts/two-hands', world.token)).body.post.content,
      { timeout: 30_000 },
    )
    .toBe(mine);
  // The publish pressed during the conflict went with "Keep mine", as the notice said.
  expect(
    (await apiGet(world.server, 'shared', '/posts/two-hands', world.token)).body.post.status,
  ).toBe('publish');
  // Keeping mine keeps all of mine: the excerpt the writer never set is not left behind.
  expect(
    (await apiGet(world.server, 'shared', '/posts/two-hands', world.token)).body.post.excerpt,
  ).toBeNull();
  await page.getByRole('button', { name: /^History/ }).click();
  await expect(
    page.getByText('The service’s version, replaced by yours', { exact: false }),
  ).toBeVisible();
  await screen(page, '05-conflict', 'resolved');

  // Restoring their version from the history, from the visual editor with the caret at the end:
  // the text is theirs again, with the keyboard in it, at the end of the (shorter) text.
  await page.getByRole('button', { name: 'Visual' }).click();
  await page.getByLabel('Post text').press('Control+End');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'The service’s version, replaced by yours' })
    .getByRole('button', { name: /^Preview snapshot/ })
    .click();
  // The preview sets the snapshot beside the draft now; Restore is only there.
  const preview = page.getByRole('dialog', { name: /^Snapshot from / });
  await expect(preview.getByRole('article', { name: 'The snapshot' })).toContainText(
    'The version from the other laptop.',
  );
  await expect(preview.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await screen(page, '05-conflict', 'snapshot-preview');
  await preview.getByRole('button', { name: 'Restore this snapshot' }).click();
  await expect(preview).toBeHidden();
  const text = page.getByLabel('Post text');
  await expect(text).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Restored' })).toContainText(
    'the text it replaced is in the history',
  );
  await expect(text).toContainText('The version from the other laptop.');
  await page.keyboard.type(' Then the next sentence.');
  await expect(text).toHaveText('The version from the other laptop. Then the next sentence.');
});

test('keep theirs, and keep both', async ({ page }) => {
  await openApp(page, world.host);
  // The first test added Shared; on its own this one adds it.
  if ((await openedOn(page)) !== 'Shared')
    await addPublication(page, {
      name: 'Shared',
      baseUrl: world.server.url,
      subdomain: 'shared',
      token: world.token,
    });

  // Keep theirs: the editor holds their text, the service keeps it, and mine is in the history.
  let conflict = await conflictOn(page, 'Three hands', 'three-hands');
  await conflict.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(conflict).toBeHidden();
  await expect(page.getByLabel('HTML source')).toHaveValue('<p>Theirs, from the other laptop.</p>');
  await expect(page.locator('.editor-header .sync-badge')).toHaveText('Synced', {
    timeout: 20_000,
  });
  expect(
    (await apiGet(world.server, 'shared', '/posts/three-hands', world.token)).body.post.content,
  ).toBe('<p>Theirs, from the other laptop.</p>');
  await page.getByRole('button', { name: /^History/ }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Replaced by the service’s version' })
    .getByRole('button', { name: /^Preview snapshot/ })
    .click();
  const preview = page.getByRole('dialog', { name: /^Snapshot from / });
  await expect(preview.getByRole('article', { name: 'The snapshot' })).toContainText(
    'Mine, from this laptop.',
  );
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toBeHidden();
  await page.getByRole('button', { name: /All posts/ }).click();

  // Keep both: their text stays where it was, mine becomes a new draft of its own, which the
  // writer goes on with, told where each version is.
  conflict = await conflictOn(page, 'Four hands', 'four-hands');
  await conflict.getByRole('button', { name: 'Keep both' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Kept both' })).toContainText(
    'your words are in “Four hands (my copy)”, a separate draft, open now; “Four hands” has theirs.',
  );
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
    'Four hands (my copy)',
  );
  await expect(bodyBox(page)).toHaveText('Mine, from this laptop.');
  await screen(page, '05-conflict', 'kept-both');
  await page.getByRole('button', { name: /All posts/ }).click();
  // Mine is named as the copy, so the two rows are told apart.
  await expect(page.getByRole('button', { name: 'Four hands', exact: true })).toHaveCount(1);
  await expect(
    page.getByRole('button', { name: 'Four hands (my copy)', exact: true }),
  ).toBeVisible();
  // On the service: the original with their text, and mine as a draft beside it.
  await expect
    .poll(
      async () => {
        const list = await apiGet(world.server, 'shared', '/posts?limit=100', world.token);
        return (list.body.posts.data as { title: string; content: string; status: string }[])
          .filter((post) => post.title.startsWith('Four hands'))
          .map((post) => `${post.title}, ${post.status}: ${post.content}`)
          .sort();
      },
      { timeout: 20_000 },
    )
    .toEqual([
      'Four hands (my copy), draft: <p>Mine, from this laptop.</p>',
      'Four hands, draft: <p>Theirs, from the other laptop.</p>',
    ]);
});
