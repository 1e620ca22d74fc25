// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Disclosure } from './Disclosure';

afterEach(cleanup);

describe('Disclosure', () => {
  it('starts closed, opens and closes by its button, and keeps what was typed while closed', async () => {
    const user = userEvent.setup();
    render(
      <Disclosure title="Details and search" className="metadata">
        <label>
          Slug
          <input defaultValue="" />
        </label>
      </Disclosure>,
    );
    // Named by its title alone: journey 5 finds the history panel by that name in real Chromium.
    const toggle = screen.getByRole('button', { name: 'Details and search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Slug' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: 'Details and search' });
    expect(toggle.getAttribute('aria-controls')).toBe(region.id);
    await user.type(screen.getByRole('textbox', { name: 'Slug' }), 'river-walk');

    await user.click(toggle);
    expect(region.hidden).toBe(true);
    await user.click(toggle);
    expect((screen.getByRole('textbox', { name: 'Slug' }) as HTMLInputElement).value).toBe(
      'river-walk',
    );
  });

  it('opens when something inside comes to need the eye, and stays closed once closed for it', async () => {
    const user = userEvent.setup();
    const panel = (wanted: boolean) => (
      <Disclosure title="Details and search" className="metadata" openWhen={wanted}>
        <p>Tags</p>
      </Disclosure>
    );
    const { rerender } = render(panel(false));
    const toggle = screen.getByRole('button', { name: 'Details and search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    rerender(panel(true));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // Closed by the writer while the reason holds: it is not forced open again.
    await user.click(toggle);
    rerender(panel(true));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // A new reason opens it again.
    rerender(panel(false));
    rerender(panel(true));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('is never a <details>, whose closed content would slow typing in a long post', () => {
    const { container } = render(
      <Disclosure title="History (0)" className="revisions">
        <p>Nothing yet</p>
      </Disclosure>,
    );
    expect(container.querySelector('details')).toBeNull();
    expect(screen.getByText('Nothing yet').closest('[hidden]')).not.toBeNull();
  });
});
