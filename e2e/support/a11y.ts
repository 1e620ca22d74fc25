import type { Page } from '@playwright/test';

// Roles a writer operates: each must have a name a screen reader can say.
const CONTROL_ROLES =
  'button|link|textbox|searchbox|checkbox|radio|combobox|listbox|option|switch|tab|menuitem|slider|spinbutton';

/**
 * The controls on screen that have no accessible name, as Chromium's accessibility tree gives
 * them (Playwright's ARIA snapshot prints a role without a quoted name when it has none).
 */
export async function namelessControls(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  const nameless = new RegExp(`^\\s*- (${CONTROL_ROLES})(\\s*\\[[^\\]]*\\])*:?\\s*$`);
  return snapshot.split('\n').filter((line) => nameless.test(line));
}

export interface LowContrast {
  text: string;
  ratio: number;
  needed: number;
  color: string;
  background: string;
}

/**
 * Text on screen whose colour against what lies behind it falls short of WCAG 2.2 AA: 4.5:1, or
 * 3:1 for large text (24 px, or 18.66 px bold). Disabled controls are exempt, as WCAG allows.
 * With a modal dialog open only the dialog counts: the page behind it is inert and dimmed.
 */
export async function lowContrast(page: Page): Promise<LowContrast[]> {
  return page.evaluate(() => {
    const g = globalThis as any;
    const doc = g.document;
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      const parts = (m?.[1] ?? '0 0 0 0')
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      const mix = (i: 0 | 1 | 2) => top[i] * a + bottom[i] * (1 - a);
      return [mix(0), mix(1), mix(2), 1];
    };
    const background = (element: any): Rgba => {
      const layers: Rgba[] = [];
      for (let at = element; at; at = at.parentElement) {
        const colour = parse(g.getComputedStyle(at).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      let result = parse(g.getComputedStyle(doc.documentElement).backgroundColor);
      if (result[3] < 1) result = over(result, [255, 255, 255, 1]);
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const channel = (v: number): number => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (c: Rgba): number =>
      0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
    const modal = doc.querySelector('dialog[open]');
    const root = modal ?? doc.body;
    const found: any[] = [];
    const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
    const seen = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent.trim()) continue;
      seen.add(element);
      if (element.closest('[hidden], [aria-hidden="true"], .visually-hidden')) continue;
      if (element.closest(':disabled, [aria-disabled="true"]')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = g.getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const bg = background(element);
      const fg = over(parse(style.color), bg);
      const [l1, l2] = [luminance(fg), luminance(bg)];
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      if (ratio < needed)
        found.push({
          text: node.textContent.trim().slice(0, 40),
          ratio: Math.round(ratio * 100) / 100,
          needed,
          color: style.color,
          background: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})`,
        });
    }
    return found;
  });
}
