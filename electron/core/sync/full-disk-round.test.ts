import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fields, startSyncWorld, type SyncWorld } from '../testing/sync-world';

// A real full disk: the store lives on a small tmpfs the test fills. Mounting needs root, which
// CI has (as journey 16 does); elsewhere this fails with the mount's own error, never passes
// without having filled anything.
let world: SyncWorld;
const mountPoint = mkdtempSync(join(tmpdir(), 'quire-full-round-'));
const filler = join(mountPoint, 'filler');

beforeAll(async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint]);
  world = await startSyncWorld('full-disk-round');
});
afterAll(async () => {
  await world.close();
  execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

function fillDisk(): void {
  for (const size of [64 * 1024, 512])
    try {
      for (const chunk = Buffer.alloc(size, 1); ;) appendFileSync(filler, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
}

describe('a full disk during a sync round', () => {
  it('ends the round only when every push in it has: no second push of a draft in flight', async () => {
    const d = world.device({ file: join(mountPoint, 'quire.db') });
    let posts = 0;
    // Y's create is slow to reach the service; X meets the full disk meanwhile.
    world.proxy.setPolicy(({ method, url }) => {
      if (method === 'POST' && posts++ === 0) return { type: 'delay', ms: 1_000 };
      if (url.includes('x-second')) return { type: 'delay', ms: 300 };
      return { type: 'pass' };
    });
    d.store.createDraft(d.publicationId, 'post', fields('Y first', '<p>y</p>'));
    d.store.createDraft(d.publicationId, 'post', fields('X second', '<p>x</p>'));
    const round = d.engine.flush();
    await new Promise((resolve) => setTimeout(resolve, 150));
    fillDisk();
    const first = await round.then(
      () => 'ended',
      (error: Error) => error.message,
    );
    rmSync(filler);
    expect(first).toMatch(/disk is full/);
    world.proxy.setPolicy(() => ({ type: 'pass' }));
    d.clock.now += 600_000;
    await d.engine.flush();
    d.clock.now += 600_000;
    await d.engine.flush();
    expect((await world.postsTitled('Y first')).map((post) => post.slug)).toEqual(['y-first']);
    expect((await world.postsTitled('X second')).map((post) => post.slug)).toEqual(['x-second']);
  });
});
