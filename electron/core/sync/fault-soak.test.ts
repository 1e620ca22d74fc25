import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../../server';
import { startTestService, type TestService } from '../../../server/testing/harness';
import { PublishingApiClient } from '../api/client';
import { LocalStore, type DraftFields } from '../store/local-store';
import { startFaultProxy, type Fault, type FaultProxy } from '../testing/fault-proxy';
import { SyncEngine } from './engine';
import { heldEdits } from './hold';

const SEED = Number(process.env.QUIRE_SOAK_SEED ?? 20261121);
const OPERATIONS = 1_000;

let service: TestService;
let proxy: FaultProxy;
let dir: string;

beforeAll(async () => {
  service = await startTestService('soak-blog');
  proxy = await startFaultProxy(service.server.url);
  dir = mkdtempSync(join(tmpdir(), 'quire-soak-'));
});

afterAll(async () => {
  await proxy.close();
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`sync under injected faults (seed ${SEED})`, () => {
  it(`${OPERATIONS} random operations: no duplicate, no lost edit, the service ends as the writer left it`, async () => {
    const random = prng(SEED);
    const clock = { now: Date.now() };
    const store = LocalStore.open(join(dir, 'soak.db'), () => clock.now);
    const publicationId = store.addPublication({
      name: 'Soak',
      baseUrl: proxy.url,
      subdomain: service.subdomain,
    });
    const api = new PublishingApiClient({
      baseUrl: proxy.url,
      subdomain: service.subdomain,
      token: () => service.token,
      timeoutMs: 1_000,
      attempts: 2,
      backoff: { baseMs: 1, maxMs: 2, random },
    });
    let conflicts = 0;
    const engine = new SyncEngine({
      store,
      clientFor: () => api,
      now: () => clock.now,
      random,
      onEvent: (event) => {
        if (event.type === 'conflict') conflicts++;
      },
    });
    const faults: Fault[] = [
      { type: 'drop-response' },
      { type: 'reset' },
      { type: 'error-500' },
      { type: 'delay', ms: 20 },
    ];
    proxy.setPolicy(() =>
      random() < 0.3 ? faults[Math.floor(random() * faults.length)]! : { type: 'pass' },
    );

    // The writer's last intent per draft: its fields, or 'deleted'.
    const intent = new Map<string, DraftFields | 'deleted'>();
    const live = (): string[] => [...intent].filter(([, v]) => v !== 'deleted').map(([id]) => id);
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(random() * items.length)];
    const counts = { create: 0, edit: 0, update: 0, delete: 0, flush: 0 };

    for (let i = 0; i < OPERATIONS; i++) {
      const roll = random();
      const target = pick(live());
      if (roll < 0.15 || !target) {
        const fields = {
          title: `Soak ${i} ${random() < 0.3 ? 'same title' : ''}`.trim(),
          content: `<p>v0 of ${i}</p>`,
        };
        intent.set(store.createDraft(publicationId, 'post', fields).id, fields);
        counts.create++;
      } else if (roll < 0.7) {
        const current = intent.get(target) as DraftFields;
        const fields: DraftFields = {
          ...current,
          content: `<p>edit ${i}</p>`,
          ...(random() < 0.3 ? { title: `Retitled ${i}` } : {}),
          ...(random() < 0.2 ? { status: random() < 0.5 ? 'publish' : 'draft' } : {}),
        };
        store.saveDraft(target, fields);
        intent.set(target, fields);
        counts.edit++;
        // Edits to a live post wait for Update; the writer presses it now and then.
        if (random() < 0.4) {
          store.requestPush(target);
          counts.update++;
        }
      } else if (roll < 0.75) {
        store.requestDelete(target, 0);
        intent.set(target, 'deleted');
        counts.delete++;
      } else {
        await engine.flush();
        clock.now += 5_000;
        counts.flush++;
      }
    }

    proxy.setPolicy(() => ({ type: 'pass' }));
    // The writer ends by updating every live post that still holds edits.
    const held = live().filter((id) => heldEdits(store.getDraft(id)!));
    expect(held.length).toBeGreaterThan(0);
    for (const id of held) store.requestPush(id);
    for (let round = 0; round < 30 && store.allOps().length > 0; round++) {
      clock.now += 10 * 60_000;
      await engine.flush();
    }
    expect(store.allOps()).toEqual([]);
    expect(conflicts).toBe(0);

    const rows = service.server.db
      .prepare(`SELECT id, title, content, status, deleted_at FROM records WHERE kind = 'post'`)
      .all() as {
      id: number;
      title: string;
      content: string;
      status: string;
      deleted_at: number | null;
    }[];
    const onService = new Map(rows.filter((r) => r.deleted_at === null).map((r) => [r.id, r]));
    const expected = live();
    expect(onService.size).toBe(expected.length);
    for (const id of expected) {
      const draft = store.getDraft(id)!;
      const wanted = intent.get(id) as DraftFields;
      expect(draft.localRev).toBe(draft.syncedRev);
      expect(onService.get(draft.remoteId!)).toMatchObject({
        title: wanted.title,
        content: wanted.content,
        status: wanted.status ?? 'draft',
      });
    }
    const dropped = proxy.log.filter((entry) => entry.fault !== 'pass').length;
    process.stdout.write(
      `soak seed ${SEED}: ${JSON.stringify(counts)}, ${proxy.log.length} requests, ${dropped} faulted, ` +
        `${held.length} held to the end, ${expected.length} live records, ${rows.length - expected.length} trashed\n`,
    );
    expect(dropped).toBeGreaterThan(100);
    store.close();
  }, 120_000);
});
