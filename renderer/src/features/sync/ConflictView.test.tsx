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
    // Each text, a Tab stop when it scrolls (Chromium's doing), is a named region, never a bare box.
    for (const name of ['Your text', 'Text on Field Notes'])
      expect(screen.getByRole('region', { name }).className).toContain('conflict-body');
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
    // No draft is left to hold a history: no promise of one.
    expect(screen.queryByText(/saved in the history/)).toBeNull();
    expect(
      screen.getByText(/Discard mine removes it from Quire too, with its history/),
    ).toBeTruthy();
  });
});

describe('ConflictView, fields beyond the text', () => {
  it('lists every other field that differs, each side marked, tags by name', () => {
    render(
      <ConflictView
        kind="post"
        mine={{ ...mine, excerpt: 'A grey morning', status: 'draft', tags: [1] }}
        theirs={{
          ...theirs,
          excerpt: null,
          status: 'publish',
          tags: [1, 2],
          canonical_url: 'https://example.com/harbour',
        }}
        publicationName="Field Notes"
        tags={[
          { id: 1, name: 'harbour', slug: 'harbour' },
          { id: 2, name: 'weather', slug: 'weather' },
        ]}
        onResolve={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Other fields that differ' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Excerpt', 'A grey morning', '(empty)'],
      ['Status', 'Draft', 'Published'],
      ['Canonical URL', '(empty)', 'https://example.com/harbour'],
      ['Tags', 'harbour', 'harbour, weather'],
    ]);
    expect(screen.getByText(/^What differs:/).textContent).toBe(
      'What differs: Text, Excerpt, Status, Canonical URL, Tags.',
    );
  });

  it('compares the HTML when only the markup differs, so a formatting change is not hidden', () => {
    render(
      <ConflictView
        kind="post"
        mine={{ ...mine, content: '<p>The harbour was quiet.</p>' }}
        theirs={{ ...theirs, content: '<p>The harbour was <strong>quiet</strong>.</p>' }}
        publicationName="Field Notes"
        onResolve={() => {}}
      />,
    );
    expect(screen.getByText(/^What differs:/).textContent).toContain('Formatting');
    const service = screen.getByRole('article', { name: 'Version on the service' });
    expect(
      within(service)
        .getAllByText(/strong/)
        .some((el) => el.tagName === 'MARK'),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Compare HTML' })).toBeNull();
  });

  it('shows the HTML on request and says when only metadata differs', async () => {
    render(
      <ConflictView
        kind="post"
        mine={{ ...mine, content: theirs.content, featured: true }}
        theirs={theirs}
        publicationName="Field Notes"
        onResolve={() => {}}
      />,
    );
    expect(screen.getByText(/^What differs:/).textContent).toBe('What differs: Featured.');
    const yours = screen.getByRole('article', { name: 'Your version' });
    expect(within(yours).queryByText(/<p>/)).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Compare HTML' });
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(within(yours).getByText(/<p>/)).toBeTruthy();
  });

  it('lists no fields when the service no longer has the post', () => {
    render(
      <ConflictView
        kind="post"
        mine={{ ...mine, excerpt: 'Mine only' }}
        theirs={{ ...theirs, gone: true }}
        publicationName="Field Notes"
        onResolve={() => {}}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/^What differs:/)).toBeNull();
  });
});
