import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../server/testing/harness';
import { KeytarCredentialStore } from './credentials';
import { createCore, type Core } from './service';
import { startFaultProxy, type FaultProxy } from './testing/fault-proxy';

// Review P3 (fixed): the offline banner's "N changes … will sync" beside the sidebar's "N unsynced".
let service: TestService;
let proxy: FaultProxy;
const credentials = new KeytarCredentialStore(`Quire review P3 ${randomUUID()}`);
const cores: { core: Core; dir: string }[] = [];
beforeAll(async () => {
  service = await startTestService('review-p3-count');
  proxy = await startFaultProxy(service.server.url);
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});
afterEach(async () => {
  proxy.setPolicy(() => ({ type: 'pass' }));
  for (const { core, dir } of cores.splice(0)) {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
async function call(c: Core, name: string, input: unknown = {}): Promise<any> {
  const envelope = await c.dispatch(name, input);
  if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error);
  return envelope.value;
}
async function coreWithService() {
  const dir = mkdtempSync(join(tmpdir(), 'quire-core-'));
  const c = await createCore({
    dataDir: dir,
    credentials,
    version: '0.0.0-test',
    embedded: false,
    syncIntervalMs: 60_000,
  });
  cores.push({ core: c, dir });
  const pub = await call(c, 'publications.add', {
    baseUrl: proxy.url,
    subdomain: service.subdomain,
    token: service.token,
  });
  return { c, pub };
}

describe('Offline, the banner’s count of changes waiting', () => {
  it('says as many as the sidebar’s unsynced for a post edited then deleted while away', async () => {
    const { c, pub } = await coreWithService();
    const seeded = await service.request('POST', '/posts', {
      body: { title: 'Ferry times', content: '<p>9:40</p>', status: 'draft' },
    });
    const opened = await call(c, 'drafts.open', {
      publicationId: pub.id,
      kind: 'post',
      slug: seeded.json.post.slug,
    });
    proxy.setPolicy(() => ({ type: 'reset' }));
    await call(c, 'drafts.save', {
      draftId: opened.id,
      fields: { ...opened.fields, content: '<p>9:40, and 11:10 in summer</p>' },
    });
    await call(c, 'sync.syncNow').catch(() => undefined);
    await call(c, 'records.delete', { draftId: opened.id });
    const status = await call(c, 'sync.status');
    const sidebar = (await call(c, 'publications.list'))[0].pendingChanges;
    expect({ online: status.online, sidebar, banner: status.waiting }).toEqual({
      online: false,
      sidebar: 1,
      banner: 1,
    });
  });

  it('does not count a blank New post the sidebar does not count', async () => {
    const { c, pub } = await coreWithService();
    const words = await call(c, 'records.create', {
      publicationId: pub.id,
      kind: 'post',
      fields: { title: 'Bus times', content: '<p>7:05</p>' },
    });
    await call(c, 'sync.syncNow');
    expect((await call(c, 'drafts.get', { draftId: words.id })).remoteId).not.toBeNull();
    proxy.setPolicy(() => ({ type: 'reset' }));
    const opened = await call(c, 'drafts.get', { draftId: words.id });
    await call(c, 'drafts.save', {
      draftId: words.id,
      fields: { ...opened.fields, content: '<p>7:05 and 7:35</p>' },
    });
    await call(c, 'sync.syncNow').catch(() => undefined);
    // The writer presses New post and has not typed yet.
    await call(c, 'records.create', {
      publicationId: pub.id,
      kind: 'post',
      fields: { title: '', content: '' },
    });
    const status = await call(c, 'sync.status');
    const sidebar = (await call(c, 'publications.list'))[0].pendingChanges;
    expect({ online: status.online, sidebar, banner: status.waiting }).toEqual({
      online: false,
      sidebar: 1,
      banner: 1,
    });
  });
});
