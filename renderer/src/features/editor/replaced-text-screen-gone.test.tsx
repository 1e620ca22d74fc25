// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appOverRealCore } from '../../testing/app-over-real-core';
import { useUi } from '../../ui-store';
import { textReplaced } from './replaced-text';

// A replaced text's hold is let go once the editor remounted on it has rendered (review R5). A
// screen closed in the same moment never renders that remount: had the wait been left pending,
// the hold on the draft was never let go, and the draft stayed read-only wherever it was opened.

const app = appOverRealCore();

describe('a replaced text whose screen closes before its remount renders', () => {
  it('is done waiting once the screen has gone', async () => {
    const post = await app.publishedWithEdits(
      'Ferry slipway',
      '<p>Live words.</p>',
      '<p>Edits kept.</p>',
    );
    await app.openInApp(post.id);
    expect(await screen.findByLabelText('Post text')).toBeTruthy();
    let replaced: Promise<void> | undefined;
    act(() => {
      replaced = textReplaced(post.id);
      useUi.getState().openDraft(null);
    });
    const outcome = await Promise.race([
      replaced!.then(() => 'done'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000)),
    ]);
    expect({ outcome, editorShown: screen.queryByLabelText('Post text') }).toEqual({
      outcome: 'done',
      editorShown: null,
    });
  });
});
