// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

afterEach(cleanup);

function setup(page: number, lastPage: number) {
  const onPage = vi.fn();
  const onPerPage = vi.fn();
  render(
    <Pagination
      page={page}
      lastPage={lastPage}
      perPage={20}
      onPage={onPage}
      onPerPage={onPerPage}
    />,
  );
  return { onPage, onPerPage };
}

describe('Pagination', () => {
  it('says where the writer is and moves first, previous, next and last', async () => {
    const { onPage } = setup(3, 13);
    expect(screen.getByText('Page 3 of 13')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 4, 13]);
  });

  it('disables what leads nowhere on the first and last pages, keeping it focusable', async () => {
    const { onPage } = setup(1, 1);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      await userEvent.setup().click(button);
    }
    expect(onPage).not.toHaveBeenCalled();
  });

  it('shows a page past the end as the last one and offers to go back', async () => {
    const { onPage } = setup(9, 5);
    expect(screen.getByText('Page 5 of 5')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage).toHaveBeenCalledWith(4);
  });

  it('offers 10, 20, 50 and 100 per page', async () => {
    const { onPerPage } = setup(1, 3);
    const select = screen.getByRole('combobox', { name: 'Per page' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['10', '20', '50', '100']);
    await userEvent.setup().selectOptions(select, '50');
    expect(onPerPage).toHaveBeenCalledWith(50);
  });
});
