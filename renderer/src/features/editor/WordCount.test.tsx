// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editorExtensions } from './extensions';
import { RECOUNT_AT_LEAST_EVERY_MS, RECOUNT_PAUSE_MS, WordCount } from './WordCount';

let editor: Editor | undefined;
afterEach(() => {
  cleanup();
  editor?.destroy();
  vi.useRealTimers();
});

describe('WordCount', () => {
  it('recounts after a pause, and every two seconds or so for a writer who never pauses', () => {
    vi.useFakeTimers();
    const e = (editor = new Editor({ extensions: editorExtensions, content: '<p>One</p>' }));
    render(<WordCount editor={e} />);
    expect(screen.getByText('1 word · 1 min read')).toBeTruthy();
    // A word every 100 ms, without a pause: the count follows within the longest wait.
    const typeFor = (ms: number) => {
      for (let t = 0; t < ms; t += 100) {
        act(
          () =>
            void e.commands.insertContentAt(e.state.doc.content.size - 1, {
              type: 'text',
              text: ' more',
            }),
        );
        act(() => void vi.advanceTimersByTime(100));
      }
    };
    typeFor(RECOUNT_AT_LEAST_EVERY_MS + RECOUNT_PAUSE_MS);
    const counted = Number(/^(\d+) words/.exec(screen.getByText(/words/).textContent ?? '')?.[1]);
    expect(counted).toBeGreaterThan(1);
    // And after the pause, the count is exact.
    act(() => void vi.advanceTimersByTime(RECOUNT_PAUSE_MS));
    expect(screen.getByText(/words/).textContent).toBe(
      `${1 + (RECOUNT_AT_LEAST_EVERY_MS + RECOUNT_PAUSE_MS) / 100} words · 1 min read`,
    );
  });
});
