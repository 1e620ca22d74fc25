// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { appOverRealCore } from './testing/app-over-real-core';
import { useUi } from './ui-store';

// The App over the real core, its shortcuts as the browser host has them (no native menu).
const app = appOverRealCore();

// A writer's review: Ctrl+S in the list opened the browser's own "Save page as".
it('keeps Ctrl/Cmd+S from the browser in the list as in the editor', async () => {
  const post = await app.createPost('Saved as written', '<p>Words.</p>');
  await app.openInApp(post.id);
  act(() => useUi.getState().openDraft(null));
  await screen.findByText(/^Page \d+ of \d+$/, {}, { timeout: 10_000 });
  const pressed = (init: KeyboardEventInit) => {
    const event = new KeyboardEvent('keydown', { key: 's', cancelable: true, ...init });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  expect({
    ctrl: pressed({ ctrlKey: true }),
    cmd: pressed({ metaKey: true }),
    plain: pressed({}),
  }).toEqual({ ctrl: true, cmd: true, plain: false });
});
