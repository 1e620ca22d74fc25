// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { appOverRealCore } from './testing/app-over-real-core';
import { answeredCalls } from './testing/real-core';

// Where things sit in the App, as the DOM says it (jsdom cannot measure: the heights and rows
// are journey 21's, in Chromium). The App over the real core; only the sync status is stood in
// for, offline with changes waiting, since the shared core cannot be taken offline on demand.

const app = appOverRealCore();

afterEach(() => answeredCalls.clear());

it('puts the offline banner in the sidebar, a polite live region outside the page the writer types in', async () => {
  const { bridge } = app;
  const status = await bridge.sync.status({});
  answeredCalls.set('sync.status', async () => ({
    ...status,
    online: false,
    waiting: 3,
    pending: 3,
    waitingFor: [app.sample().id],
  }));
  const post = await app.createPost('Under the banner', '<p>Words.</p>');
  await app.openInApp(post.id);

  const banner = await screen.findByText(/^Offline\./, {}, { timeout: 8_000 });
  const region = banner.closest('[role="status"]') as HTMLElement;
  expect(region.textContent).toContain('3 changes saved on this computer');
  // role=status is polite; it was there before the message came, so the message is announced.
  expect(region.getAttribute('aria-live')).toBeNull();
  // Above the editor in the page, it pushed the title and text down when the service dropped,
  // and scrolled away with them; the sidebar stays in the window (styles.css).
  expect(region.closest('aside')).not.toBeNull();
  expect(region.closest('main')).toBeNull();
  expect(screen.getByRole('main').contains(banner)).toBe(false);
  expect(region.classList).toContain('offline-slot');
});

it('cuts the publication named in the editor header short with its whole name kept, and keeps the mode switch named', async () => {
  const post = await app.createPost('Named', '<p>Words.</p>');
  await app.openInApp(post.id);
  const header = document.querySelector('.editor-header') as HTMLElement;
  const name = app.sample().name;
  const writingFor = header.querySelector('.current-publication') as HTMLElement;
  expect(writingFor.textContent).toBe(`Writing for ${name}`);
  // Cut short on screen like the commands' names (styles.css), the whole name as its tooltip.
  const shown = writingFor.querySelector('strong.target-name') as HTMLElement;
  expect(shown.textContent).toBe(name);
  expect(shown.title).toBe(name);
  // "source" may step out of sight in a narrow header, never out of the button's name.
  expect(screen.getByRole('button', { name: 'HTML source' })).toBeTruthy();
  expect(screen.getByRole('group', { name: 'Editing mode' }).textContent).toBe('VisualHTML source');
});
