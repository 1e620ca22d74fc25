import { expect, test, type Page } from '@playwright/test';
import {
  drawnAs,
  faintPlaceholders,
  labelsNotInNames,
  lowContrast,
  namelessControls,
  weakFieldBoundaries,
} from '../support/a11y';
import { addPublication, bodyBox, openApp, openedOn, screen } from '../support/app';
import { createPost, journey } from '../support/journey';
import { apiPut } from '../support/processes';

const ids: Record<string, number> = {};
const world = journey({
  subdomain: 'themes',
  name: 'Themes',
  setup: async (w) => {
    ids.live = await createPost(w, {
      title: 'In the light',
      content: '<p>A published post, with <a href="https://example.com/">a link</a>.</p>',
      status: 'publish',
      slug: 'in-the-light',
    });
    ids.draft = await createPost(w, {
      title: 'In the dark',
      content:
        '<h2>Notes</h2><ul><li>One</li><li>Two</li></ul><blockquote><p>Quoted.</p></blockquote>',
      slug: 'in-the-dark',
    });
    await createPost(w, {
      title: 'With a callout',
      content: '<p>Figures:</p><nav class="callout"><p>2</p></nav>',
    });
  },
});

/**
 * Every screen checked: no control without a name, nor with visible words its name lacks; no text
 * below WCAG AA contrast, no placeholder below 4.5:1, and no text field whose edge is below 3:1.
 */
async function check(page: Page, scheme: string, step: string): Promise<void> {
  expect(await namelessControls(page), `${scheme} ${step}: controls without a name`).toEqual([]);
  expect(await labelsNotInNames(page), `${scheme} ${step}: visible words not in the name`).toEqual(
    [],
  );
  expect(await lowContrast(page), `${scheme} ${step}: text below AA contrast`).toEqual([]);
  expect(await faintPlaceholders(page), `${scheme} ${step}: placeholders below 4.5:1`).toEqual([]);
  expect(await weakFieldBoundaries(page), `${scheme} ${step}: field edges below 3:1`).toEqual([]);
  await screen(page, '14-themes', `${scheme}-${step}`);
}

test('the checks find a control without a name, faint text, a faint field and a name without its words', async ({
  page,
}) => {
  await openApp(page, world.host);
  expect(await namelessControls(page)).toEqual([]);
  expect(await lowContrast(page)).toEqual([]);
  expect(await labelsNotInNames(page)).toEqual([]);
  expect(await faintPlaceholders(page)).toEqual([]);
  expect(await weakFieldBoundaries(page)).toEqual([]);
  await page.evaluate(() => {
    const g = globalThis as any;
    const doc = g.document;
    doc.body.append(doc.createElement('button'));
    const faint = doc.createElement('p');
    faint.textContent = 'Faint words';
    // Set through the CSSOM, which the CSP allows (a style attribute it would refuse).
    faint.style.color = '#999';
    faint.style.background = '#fff';
    doc.body.append(faint);
    const field = doc.createElement('input');
    field.className = 'faint-field';
    field.placeholder = 'Faint hint';
    field.setAttribute('aria-label', 'Faint field');
    field.style.border = '1px solid #ddd';
    field.style.background = '#fff';
    doc.body.append(field);
    const sheet = new g.CSSStyleSheet();
    sheet.replaceSync('.faint-field::placeholder { color: #aaa; }');
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    for (const name of ['Heading 2', 'Heading 2 (H2)', 'H2 heading']) {
      const heading = doc.createElement('button');
      heading.textContent = 'H2';
      heading.setAttribute('aria-label', name);
      doc.body.append(heading);
    }
  });
  expect(await namelessControls(page)).toEqual(['- button']);
  expect(await lowContrast(page)).toMatchObject([
    { text: 'Faint words', ratio: 2.85, needed: 4.5 },
  ]);
  // In brackets, the words are an aside: not taken as the name's own (as axe-core takes them).
  expect(await labelsNotInNames(page)).toEqual([
    '"H2" named "Heading 2"',
    '"H2" named "Heading 2 (H2)"',
  ]);
  expect(await faintPlaceholders(page)).toMatchObject([
    { field: 'Faint field', ratio: 2.32, needed: 4.5 },
  ]);
  expect(await weakFieldBoundaries(page)).toMatchObject([
    { field: 'Faint field', ratio: 1.3, needed: 3 },
  ]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`every screen in the ${scheme} theme: names and contrast`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openApp(page, world.host);
    // The theme follows the system's.
    const background = await page.evaluate(
      () => (globalThis as any).getComputedStyle((globalThis as any).document.body).backgroundColor,
    );
    const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number);
    expect((r + g + b) / 3, background).toBeGreaterThan(scheme === 'light' ? 200 : -1);
    expect((r + g + b) / 3, background).toBeLessThan(scheme === 'dark' ? 60 : 256);

    // Add publication with its errors, in each theme: the publication itself is added once, by
    // whichever theme's test runs first.
    const openedOnThemes = (await openedOn(page)) === 'Themes';
    const dialog = page.getByRole('dialog', { name: 'Add publication' });
    await page.getByRole('button', { name: 'Add publication' }).click();
    await dialog.getByRole('button', { name: 'Add publication' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await check(page, scheme, 'add-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    if (!openedOnThemes) {
      await addPublication(page, {
        name: 'Themes',
        baseUrl: world.server.url,
        subdomain: 'themes',
        token: world.token,
      });
    }
    await expect(page.getByRole('button', { name: 'In the light' })).toBeVisible();
    await check(page, scheme, 'list');
    await page.getByRole('button', { name: 'Replace the token for Themes' }).click();
    const token = page.getByRole('dialog', { name: 'New token for “Themes”' });
    await expect(token).toBeVisible();
    await check(page, scheme, 'token');
    await token.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Remove Themes' }).click();
    const remove = page.getByRole('alertdialog', { name: 'Remove “Themes”?' });
    await check(page, scheme, 'remove');
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove).toBeHidden();

    // Markup the visual editor cannot keep: the warning before switching.
    await page.getByRole('button', { name: 'With a callout' }).click();
    await page.getByRole('button', { name: 'Visual' }).click();
    const warning = page.getByRole('alertdialog');
    await expect(warning.getByRole('button', { name: 'Stay in HTML source' })).toBeVisible();
    await check(page, scheme, 'loss-warning');
    await warning.getByRole('button', { name: 'Stay in HTML source' }).click();
    await page.getByRole('button', { name: /All posts/ }).click();

    // The editor, with both panels open, and the snapshot preview.
    await page.getByRole('button', { name: 'In the dark' }).click();
    await page.getByRole('button', { name: 'Details and search' }).click();
    await page.getByRole('button', { name: 'Publish to Themes' }).click();
    await expect(page.getByRole('button', { name: 'Unpublish from Themes' })).toBeVisible();
    await page.getByRole('button', { name: /^History/ }).click();
    await check(page, scheme, 'editor');
    await page
      .getByRole('button', { name: /^Preview snapshot/ })
      .first()
      .click();
    const preview = page.getByRole('dialog', { name: /^Snapshot from / });
    await expect(preview.getByRole('article', { name: 'The snapshot' })).toBeVisible();
    await check(page, scheme, 'snapshot-preview');
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Unpublish from Themes' }).click();
    await expect(page.getByRole('button', { name: 'Publish to Themes' })).toBeVisible();
    await page.getByRole('button', { name: /All posts/ }).click();

    // A conflict, with the differences marked on both sides.
    await page.getByRole('button', { name: 'In the light' }).click();
    await page.getByRole('button', { name: 'HTML source' }).click();
    expect(
      await apiPut(world.server, 'themes', `/posts/${ids.live}`, world.token, {
        content: `<p>Changed elsewhere in the ${scheme}.</p>`,
        excerpt: `From elsewhere, ${scheme}`,
      }),
    ).toBe(200);
    await page.getByLabel('HTML source').fill(`<p>Changed here in the ${scheme}.</p>`);
    await page.keyboard.press('Control+s');
    await page.getByRole('button', { name: 'Update on Themes' }).click();
    const conflict = page.getByRole('region', { name: /changed on Themes/ });
    await expect(conflict).toBeVisible({ timeout: 30_000 });
    await check(page, scheme, 'conflict');
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(conflict).toBeHidden();
    await page.getByRole('button', { name: /All posts/ }).click();

    // The delete's Undo notice.
    await page.getByRole('button', { name: 'With a callout' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Deleted “With a callout”' });
    await expect(notice.getByRole('button', { name: 'Undo' })).toBeVisible();
    await check(page, scheme, 'delete-undo');
    await notice.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
      'With a callout',
    );

    // Offline: the banner with the count of waiting changes, and the editor's badge.
    await world.server.stop();
    try {
      await page
        .getByLabel('HTML source')
        .fill(`<p>Figures, offline in the ${scheme}:</p><nav class="callout"><p>3</p></nav>`);
      await page.keyboard.press('Control+s');
      await expect(page.locator('.offline-banner')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.editor-header .sync-badge')).toHaveText('Offline');
      await check(page, scheme, 'offline-editor');
      await page.getByRole('button', { name: /All posts/ }).click();
      await expect(page.getByRole('button', { name: 'With a callout' })).toBeVisible();
      await check(page, scheme, 'offline-list');
    } finally {
      await world.server.restart();
    }
    await expect(page.locator('.offline-banner')).toBeHidden({ timeout: 45_000 });
  });
}

// Windows' High Contrast themes replace the page's colours with the system's: a pressed button
// drawn only by its fill would look like every other. It is drawn in the system's Highlight.
test('pressed buttons still show as pressed under forced colours', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await openApp(page, world.host);
  if ((await openedOn(page)) !== 'Themes')
    await addPublication(page, {
      name: 'Themes',
      baseUrl: world.server.url,
      subdomain: 'themes',
      token: world.token,
    });
  await page.getByRole('button', { name: 'In the dark' }).click();
  await bodyBox(page).getByRole('heading', { name: 'Notes' }).click();
  const formatting = page.getByRole('toolbar', { name: 'Formatting' });
  const h2 = formatting.getByRole('button', { name: 'H2 heading', exact: true });
  const h3 = formatting.getByRole('button', { name: 'H3 heading', exact: true });
  await expect(h2).toHaveAttribute('aria-pressed', 'true');
  await expect(h3).toHaveAttribute('aria-pressed', 'false');
  const visual = page.getByRole('button', { name: 'Visual' });
  const source = page.getByRole('button', { name: 'HTML source' });
  await expect(visual).toHaveAttribute('aria-pressed', 'true');
  await expect(source).toHaveAttribute('aria-pressed', 'false');
  // Moved off the buttons, so neither is drawn as hovered or focused.
  await page.mouse.move(0, 0);
  expect(await drawnAs(h2), 'a pressed toolbar button against an unpressed one').not.toBe(
    await drawnAs(h3),
  );
  expect(await drawnAs(visual), 'the pressed editing mode against the other').not.toBe(
    await drawnAs(source),
  );
  await screen(page, '14-themes', 'forced-colours-editor');
});
