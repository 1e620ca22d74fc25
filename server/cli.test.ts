import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'server', 'cli.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[]): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(TSX, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** The one JSON line a command printed, after checking it printed nothing else. */
function onlyJsonLine(run: Run): Record<string, unknown> {
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout.endsWith('\n')).toBe(true);
  const lines = run.stdout.split('\n').slice(0, -1);
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] as string) as Record<string, unknown>;
}

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  stdout(): string;
}

function startCliServer(dataFile: string): Promise<Server> {
  return new Promise((done, fail) => {
    const child = spawn(TSX, [CLI, 'start', '--port', '0', '--data', dataFile], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((settle) => child.on('exit', (code) => settle(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`server did not start within 15 s; stderr: ${stderr}`));
    }, 15_000);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = stdout.match(/^listening on (http:\/\/127\.0\.0\.1:(\d+))\n/);
      if (match) {
        clearTimeout(timer);
        done({ child, url: match[1] as string, exited, stdout: () => stdout });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`server exited early with ${code}; stderr: ${stderr}`));
    });
  });
}

async function api(
  server: Server,
  subdomain: string,
  token: string,
  method: string,
  path: string,
): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.url}/app/${subdomain}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

describe('quire server CLI', () => {
  let dir: string;
  let data: string;
  let token: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quire-cli-'));
    data = join(dir, 'publishing.db');
    const added = onlyJsonLine(
      await runCli([
        'publication',
        'add',
        '--subdomain',
        'blog',
        '--name',
        'My Blog',
        '--data',
        data,
      ]),
    );
    token = added.token as string;
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('publication add prints exactly one JSON line with the subdomain, name and token', async () => {
    const run = await runCli([
      'publication',
      'add',
      '--subdomain',
      'Second',
      '--name',
      '  Second Blog ',
      '--domain',
      'second.example',
      '--data',
      data,
    ]);
    const added = onlyJsonLine(run);
    expect(Object.keys(added).sort()).toEqual(['name', 'subdomain', 'token']);
    expect(added).toMatchObject({ subdomain: 'second', name: 'Second Blog' });
    expect(added.token).toMatch(/^quire_[A-Za-z0-9_-]{43}$/);
    expect(added.token).not.toBe(token);
  });

  it('publication list prints one JSON line per publication', async () => {
    const run = await runCli(['publication', 'list', '--data', data]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([
      { subdomain: 'blog', name: 'My Blog', domain: null },
      { subdomain: 'second', name: 'Second Blog', domain: 'second.example' },
    ]);
    // Listing never shows a token, not even a hashed one.
    expect(run.stdout).not.toContain('quire_');
  });

  // Commands that only read or refuse: independent, so they run side by side to save time.
  describe.concurrent('refusals', () => {
    it('refuses a duplicate subdomain with exit code 1 and says why on stderr', async ({
      expect,
    }) => {
      const run = await runCli([
        'publication',
        'add',
        '--subdomain',
        'blog',
        '--name',
        'Again',
        '--data',
        data,
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^error: .*already exists/);
      expect(run.stderr).toContain('"blog"');
    });

    it('exits 2 with the usage on stderr for an unknown command', async ({ expect }) => {
      const run = await runCli(['frobnicate', '--data', data]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('Unknown command "frobnicate"');
      expect(run.stderr).toContain('Usage:');
      expect(run.stderr).toContain('publication add --subdomain S --name N');
    });

    it('exits 2 with the usage for a missing required option', async ({ expect }) => {
      const run = await runCli(['seed', '--data', data]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--subdomain is required');
      expect(run.stderr).toContain('Usage:');
    });
  });

  describe('with the server running', () => {
    let server: Server;

    beforeAll(async () => {
      server = await startCliServer(data);
    });

    afterAll(() => {
      if (server.child.exitCode === null && server.child.signalCode === null)
        server.child.kill('SIGKILL');
    });

    it('prints only the listening line on stdout', () => {
      expect(server.stdout()).toBe(`listening on ${server.url}\n`);
    });

    it('publication token issues a new token that the running server accepts', async () => {
      const issued = onlyJsonLine(
        await runCli(['publication', 'token', '--subdomain', 'blog', '--data', data]),
      );
      expect(issued.subdomain).toBe('blog');
      const fresh = issued.token as string;
      expect(fresh).toMatch(/^quire_/);
      expect(fresh).not.toBe(token);

      expect((await api(server, 'blog', fresh, 'GET', '/posts')).status).toBe(200);
      // Without --revoke-others the earlier token keeps working.
      expect((await api(server, 'blog', token, 'GET', '/posts')).status).toBe(200);
      // A token is scoped to its own publication.
      expect((await api(server, 'second', fresh, 'GET', '/posts')).status).toBe(401);
    });

    it('publication token --revoke-others shuts out every earlier token at once', async () => {
      const issued = onlyJsonLine(
        await runCli([
          'publication',
          'token',
          '--subdomain',
          'blog',
          '--revoke-others',
          '--data',
          data,
        ]),
      );
      expect((await api(server, 'blog', token, 'GET', '/posts')).status).toBe(401);
      token = issued.token as string;
      expect((await api(server, 'blog', token, 'GET', '/posts')).status).toBe(200);
    });

    it('seed fills the publication with the requested numbers of posts and pages', async () => {
      // A list read first, so a stale cached answer would show after the seed.
      const empty = await api(server, 'blog', token, 'GET', '/posts');
      expect(empty.json.posts.meta.total).toBe(0);

      const seeded = onlyJsonLine(
        await runCli([
          'seed',
          '--subdomain',
          'blog',
          '--posts',
          '30',
          '--pages',
          '4',
          '--seed',
          '7',
          '--data',
          data,
        ]),
      );
      expect(seeded).toMatchObject({ subdomain: 'blog', posts: 30, pages: 4 });
      expect(typeof seeded.seconds).toBe('number');

      const posts = await api(server, 'blog', token, 'GET', '/posts');
      expect(posts.json.posts.meta.total).toBe(30);
      const pages = await api(server, 'blog', token, 'GET', '/pages');
      expect(pages.json.pages.meta.total).toBe(4);
      const drafts = await api(server, 'blog', token, 'GET', '/posts?draft=true&limit=100');
      const draftTotal = drafts.json.posts.meta.total as number;
      expect(draftTotal).toBeGreaterThan(0);
      expect(draftTotal).toBeLessThan(30);
      expect(drafts.json.posts.data).toHaveLength(draftTotal);
      for (const post of drafts.json.posts.data) expect(post.status).toBe('draft');
    });

    it('restore brings a deleted post back', async () => {
      const list = await api(server, 'blog', token, 'GET', '/posts?limit=1');
      const victim = list.json.posts.data[0] as { id: number; slug: string; title: string };
      const totalBefore = list.json.posts.meta.total as number;
      expect((await api(server, 'blog', token, 'GET', `/posts/${victim.slug}`)).status).toBe(200);

      expect((await api(server, 'blog', token, 'DELETE', `/posts/${victim.id}`)).status).toBe(200);
      expect((await api(server, 'blog', token, 'GET', `/posts/${victim.slug}`)).status).toBe(404);
      const afterDelete = await api(server, 'blog', token, 'GET', '/posts?limit=1');
      expect(afterDelete.json.posts.meta.total).toBe(totalBefore - 1);

      const restored = onlyJsonLine(
        await runCli(['restore', '--subdomain', 'blog', '--id', String(victim.id), '--data', data]),
      );
      expect(restored).toEqual({
        id: victim.id,
        kind: 'post',
        slug: victim.slug,
        title: victim.title,
      });

      const back = await api(server, 'blog', token, 'GET', `/posts/${victim.slug}`);
      expect(back.status).toBe(200);
      expect(back.json.post).toMatchObject({ id: victim.id, deleted_at: null });
      // The list the server had cached before the restore must not be served again.
      const afterRestore = await api(server, 'blog', token, 'GET', '/posts?limit=1');
      expect(afterRestore.json.posts.meta.total).toBe(totalBefore);
    });

    it('restore of an unknown id exits 1 with a message', async () => {
      const run = await runCli(['restore', '--subdomain', 'blog', '--id', '99999', '--data', data]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^error: No post or page with id 99999/);
    });

    it('stops cleanly with exit code 0 within a few seconds of SIGTERM', async () => {
      const started = performance.now();
      expect(server.child.kill('SIGTERM')).toBe(true);
      const code = await Promise.race([
        server.exited,
        new Promise<'timeout'>((settle) => setTimeout(() => settle('timeout'), 5_000)),
      ]);
      expect(code).toBe(0);
      expect(performance.now() - started).toBeLessThan(5_000);
      await expect(fetch(`${server.url}/app/blog/posts`)).rejects.toThrow();
    });
  });
});
