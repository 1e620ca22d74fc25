import { describe, expect, it } from 'vitest';
import { readImageAddress } from './image-entry';

describe('readImageAddress', () => {
  it('takes an https address, and one pasted after the field’s own https://', () => {
    expect(readImageAddress(' https://example.com/a.jpg ')).toEqual({
      ok: true,
      src: 'https://example.com/a.jpg',
    });
    expect(readImageAddress('https://https://example.com/a.jpg')).toEqual({
      ok: true,
      src: 'https://example.com/a.jpg',
    });
  });

  it('refuses an address with a space, which Chromium would take and show broken', () => {
    expect(readImageAddress('https://not a url')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no spaces/),
    });
  });

  it('refuses what the app could not show, saying why', () => {
    expect(readImageAddress('https://')).toMatchObject({ ok: false });
    expect(readImageAddress('https://http://example.com/a.jpg')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/https:\/\/ addresses only/),
    });
    expect(readImageAddress('data:image/png;base64,AAAA')).toMatchObject({ ok: false });
    expect(readImageAddress('images/a.jpg')).toMatchObject({ ok: false });
  });
});
