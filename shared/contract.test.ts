import { describe, expect, it } from 'vitest';
import { contract, encryptedOrLocal, publicationInAddress, refusedAddresses } from './contract';

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

describe('publicationInAddress', () => {
  it('finds a publication pasted into the service’s address, and only there', () => {
    expect(publicationInAddress('https://api.example.com/app/myblog')).toBe('myblog');
    expect(publicationInAddress('https://api.example.com/v1/app/myblog/')).toBe('myblog');
    for (const address of [
      'https://api.example.com',
      'https://example.com/app',
      'https://example.com/apps/x',
      'not an address',
    ])
      expect(publicationInAddress(address), address).toBeNull();
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
