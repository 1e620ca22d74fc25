import { describe, expect, it } from 'vitest';
import { externalUrl } from './external-links';

describe('externalUrl', () => {
  it('hands web addresses to the system browser, as parsed here', () => {
    expect(externalUrl('https://example.com/a path?q=1#x')).toBe(
      'https://example.com/a%20path?q=1#x',
    );
    expect(externalUrl('HTTP://Example.com')).toBe('http://example.com/');
  });

  it('hands over nothing else', () => {
    for (const requested of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'quire://app/index.html',
      'mailto:someone@example.com',
      'smb://server/share',
      'ms-msdt:/id PCWDiagnostic',
      'data:text/html,<script>alert(1)</script>',
      '/about',
      'not a url',
      '',
      `https://example.com/${'a'.repeat(9_000)}`,
    ])
      expect(externalUrl(requested), requested).toBeNull();
  });
});
