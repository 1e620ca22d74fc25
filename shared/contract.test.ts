import { describe, expect, it } from 'vitest';
import { contract, encryptedOrLocal, publicationInAddress } from './contract';

describe('encryptedOrLocal', () => {
  it('lets a token travel over http only to this computer', () => {
    for (const address of [
      'https://api.example.com',
      'http://localhost:4000',
      'http://preview.localhost',
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
    ])
      expect(encryptedOrLocal(address), address).toBe(false);
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
