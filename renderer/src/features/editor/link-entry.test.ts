// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLinkOnModClick, readLinkEntry } from './link-entry';

afterEach(() => vi.restoreAllMocks());

describe('readLinkEntry', () => {
  it('takes http(s) and mailto addresses; nothing means remove the link', () => {
    expect(readLinkEntry(' https://example.com/map ')).toEqual({
      ok: true,
      href: 'https://example.com/map',
    });
    expect(readLinkEntry('mailto:ada@example.com')).toEqual({
      ok: true,
      href: 'mailto:ada@example.com',
    });
    expect(readLinkEntry('')).toEqual({ ok: true, href: null });
    expect(readLinkEntry('https://')).toEqual({ ok: true, href: null });
  });

  it('takes an address pasted after the field’s own https://, and paths of the writer’s site', () => {
    expect(readLinkEntry('https://https://example.com/essay')).toEqual({
      ok: true,
      href: 'https://example.com/essay',
    });
    expect(readLinkEntry('https://http://example.com/')).toEqual({
      ok: true,
      href: 'http://example.com/',
    });
    expect(readLinkEntry('https://mailto:ada@example.com')).toEqual({
      ok: true,
      href: 'mailto:ada@example.com',
    });
    expect(readLinkEntry('/about')).toEqual({ ok: true, href: '/about' });
    expect(readLinkEntry('#notes')).toEqual({ ok: true, href: '#notes' });
    expect(readLinkEntry('//elsewhere.example/x').ok).toBe(false);
  });

  it('refuses what would not work as a link, saying what would', () => {
    for (const raw of ['example.com/map', 'javascript:alert(1)', 'ftp://example.com', 'mailto:'])
      expect(readLinkEntry(raw)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/https:\/\//),
      });
  });
});

describe('followLinkOnModClick', () => {
  const click = (init: MouseEventInit, href: string) => {
    const anchor = document.createElement('a');
    anchor.setAttribute('href', href);
    // A click lands on an element inside the link, as on bold words within it.
    const inner = document.createElement('strong');
    inner.textContent = 'the map';
    anchor.append(inner);
    document.body.append(anchor);
    const event = new MouseEvent('click', { bubbles: true, ...init });
    Object.defineProperty(event, 'target', { value: inner });
    return event;
  };

  it('follows an http(s) link on Ctrl/Cmd+click only, through window.open', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(followLinkOnModClick(click({}, 'https://example.com/map'))).toBe(false);
    expect(followLinkOnModClick(click({ ctrlKey: true }, 'javascript:alert(1)'))).toBe(false);
    expect(open).not.toHaveBeenCalled();
    expect(followLinkOnModClick(click({ metaKey: true }, 'https://example.com/map'))).toBe(true);
    expect(open).toHaveBeenCalledWith('https://example.com/map', '_blank', 'noopener,noreferrer');
  });
});
