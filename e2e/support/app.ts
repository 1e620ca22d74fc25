import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Host } from './processes';

const SCREENS = join('test-results', 'screens');

/**
 * Saves a screenshot as a test artifact, named by journey and step: the whole page, or, once the
 * page is scrolled, the window as the writer sees it (a full-page capture of a scrolled page
 * draws the sticky editor header where it sits on screen, over the content at the top).
 */
export async function screen(page: Page, journey: string, step: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  const scrolled = await page.evaluate(() => (globalThis as any).scrollY > 0);
  await page.screenshot({ path: join(SCREENS, `${journey}--${step}.png`), fullPage: !scrolled });
}

/**
 * The publication the app opened on, once it has said so: a test that adds its publication only
 * when an earlier test has not must not look before the app has loaded its publications.
 */
export async function openedOn(page: Page): Promise<string> {
  const writingFor = page.locator('.current-publication strong');
  const none = page.getByText('Add a publication to start writing.');
  await expect(writingFor.or(none).first()).toBeVisible();
  return (await writingFor.count()) ? ((await writingFor.textContent()) ?? '') : '';
}

export async function openApp(page: Page, host: Host): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByText('Quire', { exact: true })).toBeVisible();
}

export async function addPublication(
  page: Page,
  fields: { name: string; baseUrl: string; subdomain: string; token: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Add publication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add publication' });
  await dialog.getByLabel('Name').fill(fields.name);
  await dialog.getByLabel('Service address').fill(fields.baseUrl);
  await dialog.getByLabel('Subdomain').fill(fields.subdomain);
  await dialog.getByLabel('Access token').fill(fields.token);
  await dialog.getByRole('button', { name: 'Add publication' }).click();
}

/** The app opened on an empty data folder, the journey's own publication added and on screen. */
export async function openOnPublication(
  page: Page,
  world: { host: Host; server: { url: string }; subdomain: string; name: string; token: string },
): Promise<void> {
  await openApp(page, world.host);
  await addPublication(page, {
    name: world.name,
    baseUrl: world.server.url,
    subdomain: world.subdomain,
    token: world.token,
  });
  await expect(page.getByText('Writing for')).toContainText(world.name);
}

export const titleBox = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });
export const bodyBox = (page: Page) => page.getByLabel(/^(Post|Page) text$/);

/**
 * Where an element's top is on screen once the page has been drawn: a check made at once, between
 * React's change and the next frame, would see the layout before the app's observers answered it.
 */
export async function topOnScreen(page: Page, selector: string): Promise<number> {
  return page.evaluate(async (css) => {
    const g = globalThis as any;
    await new Promise((drawn) => g.requestAnimationFrame(() => g.requestAnimationFrame(drawn)));
    return Math.round(g.document.querySelector(css).getBoundingClientRect().top);
  }, selector);
}

/** The status area's failures (a refusal, a conflict). */
export const errorNotices = (page: Page) => page.locator('.notices .notice-error');
/** Those said aloud at once: not one said already by its line on the page. */
export const alertNotices = (page: Page) => page.locator('.notices [role="alert"]');
