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
