import { describe, expect, it } from 'vitest';
import { sameService, storedAddress } from './service-address';

describe('a service address', () => {
  it('is stored in one spelling', () => {
    expect(storedAddress('HTTPS://Api.Example.com/')).toBe('https://api.example.com');
    expect(storedAddress('https://api.example.com:443/blog//')).toBe(
      'https://api.example.com/blog',
    );
    expect(storedAddress('http://127.0.0.1:8801')).toBe('http://127.0.0.1:8801');
  });

  it('names one service however it is typed, this computer by any of its names', () => {
    for (const [a, b] of <[string, string][]>[
      ['http://127.0.0.1:8801', 'HTTP://127.0.0.1:8801/'],
      ['http://127.0.0.1:8801', 'http://localhost:8801'],
      ['http://[::1]:8801', 'http://localhost:8801'],
      ['https://api.example.com', 'https://API.example.com:443/'],
    ])
      expect(sameService(a, b), `${a} ${b}`).toBe(true);
    for (const [a, b] of <[string, string][]>[
      ['http://127.0.0.1:8801', 'http://127.0.0.1:8802'],
      ['https://api.example.com', 'http://api.example.com'],
      ['https://api.example.com/a', 'https://api.example.com/b'],
      ['https://example.com', 'https://www.example.com'],
    ])
      expect(sameService(a, b), `${a} ${b}`).toBe(false);
  });
});
