import { describe, expect, it } from 'vitest';
import { encryptedOrLocal } from './contract';

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
