import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addPublication, bodyBox, openApp, screen, titleBox } from '../support/app';
import {
  addServerPublication,
  apiGet,
  scratchDir,
  startHost,
  startReferenceServer,
  type Host,
  type ReferenceServer,
} from '../support/processes';

// A real full disk: the browser host keeps its data on a small tmpfs that the journey fills.
// Mounting needs root, which CI has (.ci/run runs as root there); elsewhere this journey fails
// with the mount's own error rather than pass without having filled anything.
// Made in beforeAll: Playwright loads a spec once more to list its tests, and a folder made at
// load was left behind by that listing each run.
let mountPoint: string;
let filler: string;
let server: ReferenceServer;
let host: Host;
let token: string;

test.beforeAll(async () => {
  mountPoint = scratchDir('full-disk');
  filler = join(mountPoint, 'filler');
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint]);
  server = await startReferenceServer();
  token = addServerPublication(server.dataFile, 'margins', 'Margins').token;
  const dataDir = join(mountPoint, 'app');
  mkdirSync(dataDir);
  host = await startHost({ sample: false, dataDir });
});

test.afterAll(async () => {
  await host?.stop();
  await server?.dispose();
  if (!mountPoint) return;
  execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Takes every free block of the disk the app writes to. */
function fillDisk(): void {
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) appendFileSync(filler, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  const small = Buffer.alloc(512, 1);
  try {
    for (;;) appendFileSync(filler, small);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  const { bavail } = statfsSync(mountPoint);
  expect(bavail).toBe(0);
}

test('a full disk: the words stay in the editor, the writer is told, and they land once there is room', async ({
  page,
}) => {
  await openApp(page, host);
  await addPublication(page, {
    name: 'Margins',
    baseUrl: server.url,
    subdomain: 'margins',
    token,
  });
  await page.getByRole('button', { name: 'New post' }).click();
  await titleBox(page).fill('Notes from a full disk');
  await bodyBox(page).click();
  await page.keyboard.type('Saved before the disk filled.');
  await expect(page.getByText('Saved on this computer')).toBeVisible();

  fillDisk();
  await page.keyboard.type(' Typed once it was full.');
  await expect(page.getByText(/^Not saved: The disk is full\./)).toBeVisible({ timeout: 10_000 });
  // Every way out keeps the editor and says why; the words are still on screen.
  await page.getByRole('button', { name: /All posts/ }).click();
  await expect(
    page.getByText(/^The editor stays open: your last changes are not saved\./),
  ).toBeVisible();
  await expect(bodyBox(page)).toHaveText('Saved before the disk filled. Typed once it was full.');
  // Sync cannot go on either, and the banner says why, for every publication at once.
  await expect(page.locator('.offline-banner')).toHaveText(
    'Sync paused. The disk is full. Free some space, then save again. Sync goes on by itself once this computer can save again.',
  );
  await screen(page, '16-full-disk', 'full');

  rmSync(filler);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved on this computer')).toBeVisible();
  await expect(page.locator('.offline-banner')).toBeHidden();
  await page.getByRole('button', { name: /All posts/ }).click();
  await expect(page.getByRole('button', { name: 'Notes from a full disk' })).toBeVisible();
  await screen(page, '16-full-disk', 'room-again');

  // Nothing typed while the disk was full was lost on the way to the service.
  await expect
    .poll(
      async () =>
        (await apiGet(server, 'margins', '/posts/notes-from-a-full-disk', token)).body.post
          ?.content,
      { timeout: 20_000 },
    )
    .toBe('<p>Saved before the disk filled. Typed once it was full.</p>');
  // A create whose answer could not be stored (the disk was full) was found again, not repeated.
  const { body: listed } = await apiGet(server, 'margins', '/posts?limit=100', token);
  expect(
    listed.posts.data.filter((post: { title: string }) => post.title === 'Notes from a full disk'),
  ).toHaveLength(1);
});
