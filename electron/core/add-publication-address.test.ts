import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCoreWorld, type CoreWorld } from './testing/core-world';

// Review (publications): an address pasted with the publication in it (`…/app/myblog`) is refused
// on the address, "rather than sent and answered 'no such publication' against a right subdomain"
// (README, Keyboard and focus). The spec's own addresses go on past it: `{base_url}/app/{subdomain}/posts`.
// Real parts: the reference server, the keychain, a SQLite store.

let world: CoreWorld;
beforeAll(async () => {
  world = await startCoreWorld('add-address', { addPublication: false });
});
afterAll(() => world.close());

it.each([
  ['the posts endpoint', (url: string, sub: string) => `${url}/app/${sub}/posts`],
  ['a post’s address', (url: string, sub: string) => `${url}/app/${sub}/posts/hello-world`],
  ['/app alone', (url: string) => `${url}/app`],
])(
  'an address pasted as %s is refused on the address, not blamed on a right subdomain',
  async (_, address) => {
    const { service, core } = world;
    const added = await core.dispatch('publications.add', {
      baseUrl: address(service.server.url, service.subdomain),
      subdomain: service.subdomain,
      token: service.token,
    });
    expect(added.ok).toBe(false);
    const fields = added.ok ? {} : (added.error.fields ?? {});
    expect({ subdomain: fields.subdomain, baseUrlMarked: Boolean(fields.baseUrl) }).toEqual({
      subdomain: undefined,
      baseUrlMarked: true,
    });
  },
);
