import { describe, expect, it } from 'vitest';
import { contract, encryptedOrLocal, goesIntoTheApi, refusedAddresses } from './contract';

describe('encryptedOrLocal', () => {
  it('lets a token travel over http only to this computer', () => {
    for (const address of [
      'https://api.example.com',
      'http://localhost:4000',
      'http://127.0.0.1:8080',
      'http://127.10.0.3',
      'http://[::1]:3000',
    ])
      expect(encryptedOrLocal(address), address).toBe(true);
    for (const address of [
      'http://api.example.com',
      'http://192.168.1.10',
      'http://127.0.0.1.example.com',
      'http://localhost.example.com',
      // Node's fetch asks the network's DNS for these (a security review): not this computer.
      'http://preview.localhost',
    ])
      expect(encryptedOrLocal(address), address).toBe(false);
  });
});

describe('drafts.save', () => {
  const save = (field: string, value: string) =>
    contract['drafts.save'].input.safeParse({
      draftId: '5b1d6a9e-3f43-4c8e-9a5e-3f0c1c7f2a10',
      fields: { title: 't', content: '<p>x</p>', [field]: value },
    }).success;

  it('takes no address that runs or reads for the featured image or canonical address', () => {
    // Judged by the core against what the draft holds, not by the schema: a `data:` image the
    // service holds goes back with every autosave (security review, 2026-11-22).
    for (const field of ['featured_image', 'canonical_url'] as const)
      for (const value of [
        'javascript:alert(document.domain)',
        ' JaVaScRiPt:alert(1)',
        'java\tscript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'file:///etc/passwd',
        'quire://app/index.html',
      ]) {
        const fields = { [field]: value };
        expect(
          refusedAddresses(fields, () => []),
          `${field} = ${value}`,
        ).toEqual({
          [`fields.${field}`]: ['Use an http:// or https:// address.'],
        });
        expect(refusedAddresses(fields, () => [{ [field]: 'https://x/y' }, null])).not.toBeNull();
        // What the draft already holds came from the service: it goes back unchanged.
        expect(refusedAddresses(fields, () => [null, { [field]: value }])).toBeNull();
      }
  });

  it('saves the words beside any other address, as the service may have sent it', () => {
    // The service's own values come back with every save: refusing one refused the words.
    for (const field of ['featured_image', 'canonical_url'])
      for (const value of [
        'https://example.com/a.jpg',
        'http://example.com/a',
        '',
        '/a',
        'ftp://x',
      ])
        expect(save(field, value), `${field} = ${value}`).toBe(true);
  });
});

describe('the subdomain’s messages', () => {
  const said = (subdomain: string): string | undefined => {
    const parsed = contract['publications.add'].input.safeParse({
      baseUrl: 'https://api.example.com',
      subdomain,
      token: 'secret-token-value',
    });
    return parsed.success
      ? undefined
      : parsed.error.issues.find((issue) => issue.path[0] === 'subdomain')?.message;
  };

  it('says the likeliest mistakes as themselves (a review: "letters" took in "bücher")', () => {
    expect(said('bücher')).toBe(
      'Use plain letters a to z (no accents), digits and hyphens, such as myblog.',
    );
    expect(said('myblog.example.com')).toBe(
      'Only the publication’s name goes here, such as myblog, not a whole address.',
    );
    expect(said('my_blog')).toBe('Use letters, digits and hyphens only, such as myblog.');
    expect(said('my-blog2')).toBeUndefined();
  });
});

describe('goesIntoTheApi', () => {
  it('finds the spec’s own paths pasted into the service’s address, anywhere in its path', () => {
    // A review: only `/app/{name}` at the end was found; the rest was blamed on the subdomain.
    for (const address of [
      'https://api.example.com/app/myblog',
      'https://api.example.com/v1/app/myblog/',
      'https://api.example.com/app/myblog/posts',
      'https://api.example.com/app/myblog/posts/hello-world',
      'https://example.com/app',
      'https://example.com/APP/',
    ])
      expect(goesIntoTheApi(address), address).toBe(true);
    for (const address of [
      'https://api.example.com',
      'https://api.example.com/v1/',
      'https://example.com/apps/x',
      'https://example.com/webapp',
      'not an address',
    ])
      expect(goesIntoTheApi(address), address).toBe(false);
  });

  it('refuses such an address on the address field, with what to do', () => {
    const result = contract['publications.add'].input.safeParse({
      baseUrl: 'https://api.example.com/app/myblog',
      subdomain: 'myblog',
      token: 'secret-token-value',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['baseUrl']);
    expect(issues[0]?.message).toMatch(/^Leave out \/app\/… here/);
  });
});
