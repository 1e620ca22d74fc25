// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textReplaced, useTextReplaced } from './replaced-text';
import type { WriterPlace } from './writer-place';

afterEach(cleanup);

function Screen({ draftId, remount }: { draftId: string; remount(place: WriterPlace): void }) {
  useTextReplaced(draftId, remount);
  return null;
}

const place: WriterPlace = { mode: 'visual', from: 3, to: 3 };

describe('useTextReplaced', () => {
  it("tells the screens showing the draft, not another draft's, and forgets a screen gone", () => {
    const shown = vi.fn();
    const other = vi.fn();
    const { unmount } = render(
      <>
        <Screen draftId="shown" remount={shown} />
        <Screen draftId="other" remount={other} />
      </>,
    );
    textReplaced('shown', place);
    unmount();
    // A screen closed is told nothing: it is no longer where the writer is.
    textReplaced('shown', place);
    expect({ shown: shown.mock.calls, other: other.mock.calls }).toEqual({
      shown: [[place]],
      other: [],
    });
  });
});
