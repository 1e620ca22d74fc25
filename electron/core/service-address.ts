// One service may be typed many ways: `HTTP://Example.com/`, `http://example.com:80`, and this
// computer as localhost or 127.0.0.1. Added twice, its posts would show under two publications
// that cannot be told apart, each with drafts of the same posts, conflicting with each other.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The address as stored: scheme and host in lower case, no default port, no trailing slash. */
export function storedAddress(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** Whether two addresses name the same service. */
export function sameService(a: string, b: string): boolean {
  const key = (address: string): string => {
    const url = new URL(address);
    const host = LOOPBACK.has(url.hostname) ? 'loopback' : url.hostname;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${url.protocol}//${host}:${port}${url.pathname.replace(/\/+$/, '')}`;
  };
  try {
    return key(a) === key(b);
  } catch {
    return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
  }
}
