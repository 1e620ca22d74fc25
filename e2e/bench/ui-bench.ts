import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { openDatabase } from '../../server/db/database';
import { addPublication, findPublication } from '../../server/publications';
import { RecordStore } from '../../server/records';
import { seedPublication } from '../../server/seed';
import { scratchDir, startHost } from '../support/processes';

// Figures come in pairs measured in the same browser: the app and a bare page doing the least
// the same job needs. Read the ratios; milliseconds move with the machine.

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number)
    : NaN;
};

const LONG_TEXT = Array.from(
  { length: 1_000 },
  (_, i) =>
    `<p>Paragraph ${i}: the quick brown fox jumps over the lazy dog while the river runs on.</p>`,
).join('');

/** Prepares the embedded sample's database before the host starts, so no keychain is needed. */
function prepareSample(dataDir: string): void {
  const db = openDatabase(join(dataDir, 'embedded', 'publishing.db'));
  addPublication(db, { subdomain: 'sample', name: 'Local sample' });
  seedPublication(db, { subdomain: 'sample', posts: 250, pages: 0 });
  const publication = findPublication(db, 'sample');
  if (!publication) throw new Error('sample publication missing');
  new RecordStore(db).create(publication.id, 'post', 1, {
    title: 'A very long post',
    slug: 'a-very-long-post',
    content: LONG_TEXT,
  });
  db.close();
}

/** Records, in the page, when the first list row appears and how long each keystroke takes to paint. */
const INSTRUMENT = `
  window.__bench = { firstList: null, keys: [], longTasks: [] };
  new MutationObserver((_, observer) => {
    if (document.querySelector('tbody tr')) { window.__bench.firstList = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
  addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__bench.keys.push(performance.now() - start), 0));
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

function bareServer(rows: number): Promise<{ url: string; server: Server }> {
  const table = Array.from(
    { length: rows },
    (_, i) => `<tr><td>Post ${i}</td><td>Published</td></tr>`,
  ).join('');
  const pages: Record<string, string> = {
    '/list': `<!doctype html><table><tbody>${table}</tbody></table>`,
    '/type': `<!doctype html><textarea id="t" style="width:100%;height:90vh">${LONG_TEXT.replace(/</g, '&lt;')}</textarea>`,
  };
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(pages[request.url ?? ''] ?? '');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

async function typeAndMeasure(page: Page, keys: number): Promise<number[]> {
  await page.evaluate(() => ((globalThis as any).__bench.keys = []));
  for (let i = 0; i < keys; i++) await page.keyboard.type(i % 8 === 7 ? ' ' : 'a', { delay: 25 });
  await page.waitForTimeout(200);
  return page.evaluate(() => (globalThis as any).__bench.keys as number[]);
}

export async function run(args: string[]): Promise<number> {
  const quick = args.includes('--quick');
  const out = (line: string): void => void process.stdout.write(`${line}\n`);
  const dataDir = scratchDir('ui-bench');
  prepareSample(dataDir);
  const host = await startHost({ sample: true, dataDir });
  const bare = await bareServer(20);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    // The launch secret becomes a cookie on the first visit; measure the visits after it.
    await page.goto(host.url);
    await page.locator('tbody tr').first().waitFor();

    const rounds = quick ? 3 : 7;
    const appFirst: number[] = [];
    const bareFirst: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await page.goto(`${host.origin}/`);
      await page.locator('tbody tr').first().waitFor();
      appFirst.push(await page.evaluate(() => (globalThis as any).__bench.firstList as number));
      await page.goto(`${bare.url}/list`);
      await page.locator('tbody tr').first().waitFor();
      bareFirst.push(await page.evaluate(() => (globalThis as any).__bench.firstList as number));
    }
    out(
      `first list rendered: app p50 ${percentile(appFirst, 50).toFixed(0)} ms | static table p50 ` +
        `${percentile(bareFirst, 50).toFixed(0)} ms | ratio ${(percentile(appFirst, 50) / percentile(bareFirst, 50)).toFixed(1)}×`,
    );

    // Paging: the longest main-thread task while moving through ten pages.
    await page.goto(`${host.origin}/`);
    await page.getByText(/^Page 1 of \d+$/).waitFor();
    await page.evaluate(() => ((globalThis as any).__bench.longTasks = []));
    for (let i = 2; i <= 11; i++) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByText(new RegExp(`^Page ${i} of \\d+$`)).waitFor();
    }
    const longTasks = await page.evaluate(() => (globalThis as any).__bench.longTasks as number[]);
    const longest = longTasks.length ? Math.max(...longTasks) : 0;
    out(
      `paging 10 pages: ${longTasks.length} task(s) over 50 ms, longest ${longest.toFixed(0)} ms`,
    );

    // Typing into a 100,000-character post, against a plain textarea holding the same text.
    await page.getByRole('searchbox').fill('very long');
    await page.getByRole('button', { name: 'A very long post' }).click();
    const body = page.getByLabel('Post text');
    await body.waitFor();
    await body.click();
    await page.keyboard.press('Control+End');
    const keys = quick ? 60 : 200;
    const appKeys = await typeAndMeasure(page, keys);
    await page.goto(`${bare.url}/type`);
    await page.locator('#t').click();
    await page.keyboard.press('Control+End');
    const bareKeys = await typeAndMeasure(page, keys);
    out(
      `typing into a 100,000-character post (${keys} keys): app p50 ${percentile(appKeys, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(appKeys, 95).toFixed(1)} ms | textarea p50 ${percentile(bareKeys, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(bareKeys, 95).toFixed(1)} ms | ratio p95 ${(percentile(appKeys, 95) / percentile(bareKeys, 95)).toFixed(2)}×`,
    );
    const typingOk = percentile(appKeys, 95) <= 16;
    out(
      `budget typing p95 ≤ 16 ms: ${typingOk ? 'PASS' : 'FAIL'}; no task over 50 ms while paging: ${longest <= 50 ? 'PASS' : 'FAIL'}`,
    );
    return 0;
  } finally {
    await browser.close();
    bare.server.close();
    await host.stop();
  }
}
