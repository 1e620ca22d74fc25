import { expect, test } from '@playwright/test';
import { addPublication, openApp, screen } from '../support/app';
import { createPost, journey } from '../support/journey';

// A post written elsewhere (another client, a co-author, a compromised account) carries markup
// meant to run code in Quire or to fool the writer. Opening it must do neither.
const world = journey({
  subdomain: 'elsewhere',
  name: 'Elsewhere',
  setup: async (w) => {
    await createPost(w, {
      title: 'Written elsewhere',
      slug: 'written-elsewhere',
      content:
        '<p>Before. <a class="notices notice notice-error" href="https://phish.example/login">Your access token expired: sign in again.</a> ' +
        '<a class="visually-hidden" href="https://spam.example/">hidden spam</a> ' +
        '<a href="javascript:window.__pwned=1">a script link</a> After.</p>' +
        '<p><img src="x" onerror="window.__pwned=2"><img src="//attacker.example/share/pixel.png"></p>',
    });
  },
});

test('a post carrying markup meant to run code or fool the writer does neither', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Every request for an image outside https, and how it ended.
  const images: string[] = [];
  page.on('requestfailed', (request) =>
    images.push(`${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('requestfinished', (request) => images.push(`${request.url()} loaded`));
  await openApp(page, world.host);
  await addPublication(page, {
    name: 'Elsewhere',
    baseUrl: world.server.url,
    subdomain: 'elsewhere',
    token: world.token,
  });
  await page.getByRole('button', { name: 'Written elsewhere' }).click();
  // It opens in HTML source, untouched: the visual editor would drop the handler and the script
  // link, and says so before the writer switches.
  await expect(page.getByLabel('HTML source')).toHaveValue(/onerror/);
  expect(await page.evaluate(() => (globalThis as any).__pwned)).toBeUndefined();
  await page.getByRole('button', { name: 'Visual' }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'onerror="…" on <img>' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Switch and drop it' }).click();
  const text = page.getByLabel('Post text');
  await expect(text).toContainText('Before.');

  // A link dressed in the app's own notice classes is drawn in its line, inside the text.
  const fake = text.getByRole('link', { name: /access token expired/ });
  const textBox = await text.boundingBox();
  const fakeBox = await fake.boundingBox();
  expect(textBox && fakeBox).toBeTruthy();
  const middle = { x: fakeBox!.x + fakeBox!.width / 2, y: fakeBox!.y + fakeBox!.height / 2 };
  expect(middle.x).toBeGreaterThan(textBox!.x);
  expect(middle.x).toBeLessThan(textBox!.x + textBox!.width);
  expect(middle.y).toBeGreaterThan(textBox!.y);
  expect(middle.y).toBeLessThan(textBox!.y + 60);
  expect(await fake.evaluate((link) => (globalThis as any).getComputedStyle(link).position)).toBe(
    'static',
  );
  // A link the app's "visually hidden" class would hide is there for the writer to see.
  const hidden = text.getByRole('link', { name: 'hidden spam' });
  await expect(hidden).toBeVisible();
  expect((await hidden.boundingBox())!.width).toBeGreaterThan(20);

  // Nothing ran, and the script link is no link at all.
  await expect(text.getByRole('link', { name: 'a script link' })).toHaveCount(0);
  await expect(text).toContainText('a script link');
  expect(await page.evaluate(() => (globalThis as any).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // No image came from anywhere but https: the CSP (img-src https: data:) stops the rest before
  // they leave the browser. Each is tried once: coming back from source draws the text once.
  const tried = () => images.filter((line) => /attacker\.example|\/x /.test(line));
  await expect
    .poll(() => tried().sort())
    .toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/x csp$/),
      'http://attacker.example/share/pixel.png csp',
    ]);
  await page.waitForTimeout(500);
  expect(tried()).toHaveLength(2);
  await screen(page, '11-hostile-post', 'opened');

  // Embeds and a post's video and audio are cards: nothing plays in the app. Should a frame or a
  // media element get past the editor, the CSP refuses it, even from the app's own origin (which
  // default-src 'self' alone would let in).
  await page.evaluate(() => {
    const g = globalThis as any;
    const doc = g.document;
    g.__refused = [];
    doc.addEventListener('securitypolicyviolation', (event: any) =>
      g.__refused.push(`${event.effectiveDirective} ${new g.URL(event.blockedURI).pathname}`),
    );
    const frame = doc.createElement('iframe');
    frame.src = '/frame-here.html';
    doc.body.append(frame);
    for (const [tag, src] of [
      ['video', '/video-here.mp4'],
      ['audio', '/audio-here.mp3'],
    ]) {
      const media = doc.createElement(tag);
      media.src = src;
      doc.body.append(media);
      media.load();
    }
  });
  await expect
    // Once each, however many of the page's policies (its header's and its <meta>'s) refuse it.
    .poll(() => page.evaluate(() => [...new Set((globalThis as any).__refused as string[])].sort()))
    .toEqual([
      'frame-src /frame-here.html',
      'media-src /audio-here.mp3',
      'media-src /video-here.mp4',
    ]);
});
