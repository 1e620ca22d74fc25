import type { Locator, Page } from '@playwright/test';

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

type Audit = 'text' | 'boundaries' | 'placeholders' | 'label-in-name';

/**
 * One pass over the page, in the page: what falls short of WCAG 2.2 AA of the kind asked for. The
 * colour arithmetic is shared, so it is written once, here. With a modal dialog open only the
 * dialog counts: the page behind it is inert and dimmed. Hidden and disabled things are exempt,
 * as WCAG allows.
 */
function audit(kind: Audit): any[] {
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
  const contrast = (a: Rgba, b: Rgba): number => {
    const [l1, l2] = [luminance(a), luminance(b)];
    return Math.round(((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)) * 100) / 100;
  };
  const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
  const shown = (element: any): boolean => {
    if (element.closest('[hidden], [aria-hidden="true"], .visually-hidden')) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = g.getComputedStyle(element);
    return style.visibility !== 'hidden' && Number(style.opacity) !== 0;
  };
  const modal = doc.querySelector('dialog[open]');
  const root = modal ?? doc.body;
  const found: any[] = [];

  if (kind === 'text') {
    const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
    const seen = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent.trim()) continue;
      seen.add(element);
      if (!shown(element) || element.closest(':disabled, [aria-disabled="true"]')) continue;
      const style = g.getComputedStyle(element);
      const bg = background(element);
      const ratio = contrast(over(parse(style.color), bg), bg);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      if (ratio < needed)
        found.push({
          text: node.textContent.trim().slice(0, 40),
          ratio,
          needed,
          color: style.color,
          background: css(bg),
        });
    }
    return found;
  }

  const fields = [
    ...root.querySelectorAll(
      'input:not([type="checkbox"], [type="radio"], [type="hidden"]), textarea, select',
    ),
  ].filter((field: any) => shown(field) && !field.disabled);
  // The label's own words, not a length hint or the options it holds too.
  const fieldName = (field: any): string =>
    field.getAttribute('aria-label') ??
    ([...(field.labels?.[0]?.childNodes ?? [])]
      .filter((node: any) => node.nodeType === 3)
      .map((node: any) => node.textContent)
      .join(' ')
      .trim() ||
      field.placeholder ||
      field.className);

  if (kind === 'boundaries') {
    for (const field of fields) {
      // The post's title is set as its heading, with no box: its place and size mark it out.
      if (field.matches('.title-input')) continue;
      const style = g.getComputedStyle(field);
      const behind = background(field.parentElement);
      const fill = over(parse(style.backgroundColor), behind);
      const sides = ['Top', 'Right', 'Bottom', 'Left'].filter(
        (side) =>
          parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none',
      );
      // The weakest of the drawn edges, against the page outside and the field's own fill inside.
      const edges = sides.map((side) => {
        const line = over(parse(style[`border${side}Color`]), behind);
        return { side, ratio: Math.min(contrast(line, behind), contrast(line, fill)), line };
      });
      const weakest = edges.sort((a, b) => a.ratio - b.ratio)[0];
      if (!weakest || weakest.ratio < 3)
        found.push({
          field: fieldName(field),
          ratio: weakest?.ratio ?? 0,
          needed: 3,
          border: weakest ? css(weakest.line) : 'none',
          background: css(behind),
        });
    }
    return found;
  }

  if (kind === 'placeholders') {
    for (const field of fields) {
      if (!field.placeholder) continue;
      const style = g.getComputedStyle(field);
      const placeholder = g.getComputedStyle(field, '::placeholder');
      const fill = over(parse(style.backgroundColor), background(field.parentElement));
      const colour = parse(placeholder.color);
      colour[3] *= Number(placeholder.opacity || 1);
      const ratio = contrast(over(colour, fill), fill);
      if (ratio < 4.5)
        found.push({
          field: fieldName(field),
          placeholder: field.placeholder,
          ratio,
          needed: 4.5,
          color: placeholder.color,
          background: css(fill),
        });
    }
    return found;
  }

  // label-in-name: a button's words as they show must be words of the name it is given, in order
  // (WCAG 2.5.3), so a writer using speech can say what they see. Matched word for word, as
  // axe-core does: "x²" is the word "x2", and words in brackets ("Heading 2 (H2)") do not count,
  // being taken as an aside. A single character ("B" for Bold, "•") and glyphs with no letter or
  // digit ("↶", "{ }") are symbols, not words, as axe-core counts them too.
  const words = (s: string): string[] => {
    let text = s.normalize('NFKD').toLowerCase();
    while (/\([^()]*\)/.test(text)) text = text.replace(/\([^()]*\)/g, ' ');
    return text
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .split(' ')
      .filter(Boolean);
  };
  for (const button of root.querySelectorAll('button, [role="button"], a[href]')) {
    if (!shown(button)) continue;
    const text = (button.innerText ?? '').replace(/\s+/g, ' ').trim();
    if (text.length <= 1 || !/[\p{L}\p{N}]/u.test(text)) continue;
    const labelledBy = (button.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id: string) => doc.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
    const name = labelledBy || (button.getAttribute('aria-label') ?? text);
    const [shows, says] = [words(text), words(name)];
    const within = says.some((_, at) => shows.every((word, i) => says[at + i] === word));
    if (shows.length > 0 && !within) found.push(`"${text}" named "${name}"`);
  }
  return found;
}

/**
 * Text on screen whose colour against what lies behind it falls short of WCAG 2.2 AA: 4.5:1, or
 * 3:1 for large text (24 px, or 18.66 px bold).
 */
export async function lowContrast(page: Page): Promise<LowContrast[]> {
  return page.evaluate(audit, 'text' as Audit);
}

/**
 * Text fields (inputs, text areas, selects) whose edge is fainter than 3:1 against the page
 * around them or their own fill (WCAG 1.4.11, non-text contrast): the edge is what shows where
 * to type.
 */
export async function weakFieldBoundaries(
  page: Page,
): Promise<{ field: string; ratio: number; needed: number; border: string; background: string }[]> {
  return page.evaluate(audit, 'boundaries' as Audit);
}

/** Placeholders fainter than 4.5:1 against their field: often the field's only visible words. */
export async function faintPlaceholders(
  page: Page,
): Promise<{ field: string; placeholder: string; ratio: number; color: string }[]> {
  return page.evaluate(audit, 'placeholders' as Audit);
}

/** Buttons and links whose visible words are not in their accessible name (WCAG 2.5.3). */
export async function labelsNotInNames(page: Page): Promise<string[]> {
  return page.evaluate(audit, 'label-in-name' as Audit);
}

/**
 * How a button draws itself: what tells a pressed one from another under forced colours, where
 * the system's palette replaces the page's own colours.
 */
export async function drawnAs(button: Locator): Promise<string> {
  return button.evaluate((element) => {
    const s = (globalThis as any).getComputedStyle(element);
    return [
      `background ${s.backgroundColor}`,
      `text ${s.color}`,
      `border ${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
      `outline ${s.outlineWidth} ${s.outlineStyle} ${s.outlineColor}`,
    ].join('; ');
  });
}
