// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConflictView } from './ConflictView';

afterEach(cleanup);

const mine = { title: 'Morning notes', content: '<p>The harbour was quiet and grey.</p>' };
const theirs = {
  title: 'Morning notes',
  content: '<p>The harbour was loud and grey today.</p>',
  updatedAt: '2026-11-21T10:00:00.000+00:00',
  gone: false,
};

describe('ConflictView', () => {
  it('shows both versions side by side with the differences marked', () => {
    render(
      <ConflictView
        kind="post"
        mine={mine}
        theirs={theirs}
        publicationName="Field Notes"
        onResolve={() => {}}
      />,
    );
    const yours = screen.getByRole('article', { name: 'Your version' });
    const service = screen.getByRole('article', { name: 'Version on the service' });
    expect(within(yours).getByText('quiet').tagName).toBe('MARK');
    expect(within(service).getByText('loud').tagName).toBe('MARK');
    expect(within(service).getByText(/today/).tagName).toBe('MARK');
    expect(within(yours).queryByText('loud')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Field Notes');
  });

  it('offers keep mine, keep theirs and keep both', async () => {
    const onResolve = vi.fn();
    render(
      <ConflictView
        kind="post"
        mine={mine}
        theirs={theirs}
        publicationName="Field Notes"
        onResolve={onResolve}
      />,
    );
    const user = userEvent.setup();
    for (const name of ['Keep mine', 'Keep theirs', 'Keep both'])
      await user.click(screen.getByRole('button', { name }));
    expect(onResolve.mock.calls.map(([choice]) => choice)).toEqual(['mine', 'theirs', 'both']);
  });

  it('says when the service no longer has the post', () => {
    render(
      <ConflictView
        kind="page"
        mine={mine}
        theirs={{ ...theirs, gone: true }}
        publicationName="Field Notes"
        onResolve={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'This page is no longer on Field Notes',
    );
    expect(screen.getByRole('button', { name: 'Discard mine' })).toBeTruthy();
  });
});
