// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textReplaced, useTextReplaced } from './replaced-text';

afterEach(cleanup);

function Screen({ draftId, remount }: { draftId: string; remount(): Promise<void> }) {
  useTextReplaced(draftId, remount);
  return null;
}

describe('useTextReplaced', () => {
  it("tells the screens showing the draft, not another draft's, and forgets a screen gone", async () => {
    const shown = vi.fn(() => Promise.resolve());
    const other = vi.fn(() => Promise.resolve());
    const { unmount } = render(
      <>
        <Screen draftId="shown" remount={shown} />
        <Screen draftId="other" remount={other} />
      </>,
    );
    await textReplaced('shown');
    unmount();
    // A screen closed is told nothing: it is no longer where the writer is.
    await textReplaced('shown');
    expect({ shown: shown.mock.calls, other: other.mock.calls }).toEqual({
      shown: [[]],
      other: [],
    });
  });
});
