// @vitest-environment jsdom
// Keys typed after New post belong to the new post. From a review: New post pressed again while
// the first was on its way, or a save of the post being left that took over 5 s, gave the keys
// typed so far to the post being left (saved there, and synced).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveBackHeldKeys, holdingKeys, holdKeysForNewDraft, takeHeldKeys } from './held-keys';

let left: HTMLTextAreaElement;
let inserted: { into: Element | null; text: string }[];
beforeEach(() => {
  left = document.createElement('textarea');
  document.body.append(left);
  left.focus();
  inserted = [];
  // jsdom has no editing commands: what would be typed where is recorded instead.
  document.execCommand = vi.fn((command: string, _ui?: boolean, text?: string) => {
    if (command === 'insertText') inserted.push({ into: document.activeElement, text: text ?? '' });
    return true;
  }) as typeof document.execCommand;
});
afterEach(() => {
  takeHeldKeys();
  left.remove();
  vi.useRealTimers();
});

const type = (text: string) => {
  for (const key of text)
    window.dispatchEvent(new KeyboardEvent('keydown', { key, cancelable: true }));
};

describe('keys held for a new post', () => {
  it('stay held when New post is pressed again, none given to the post being left', () => {
    const first = holdKeysForNewDraft();
    type('Weekly');
    expect(holdKeysForNewDraft()).toBe(first);
    type(' links');
    expect(inserted).toEqual([]);
    expect(takeHeldKeys()).toEqual({ title: 'Weekly links', text: [] });
  });

  it('stay held however long the post being left takes to save', () => {
    vi.useFakeTimers();
    holdKeysForNewDraft();
    type('Weekly links');
    vi.advanceTimersByTime(60_000);
    expect(inserted).toEqual([]);
    expect(holdingKeys()).toBe(true);
  });

  it('go back where the writer was when no new post comes, and only for that New post', () => {
    const earlier = holdKeysForNewDraft();
    type('ab');
    giveBackHeldKeys(earlier);
    expect(inserted).toEqual([{ into: left, text: 'ab' }]);
    const later = holdKeysForNewDraft();
    type('cd');
    // A late word about the earlier New post (its timer) leaves this one holding.
    giveBackHeldKeys(earlier);
    expect(holdingKeys()).toBe(true);
    expect(takeHeldKeys().title).toBe('cd');
    expect(later).not.toBe(earlier);
  });
});
