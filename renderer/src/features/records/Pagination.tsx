import type { PerPage } from '../../ui-store';

export const PER_PAGE_CHOICES: readonly PerPage[] = [10, 20, 50, 100];

export interface PaginationProps {
  page: number;
  lastPage: number;
  perPage: PerPage;
  busy?: boolean;
  onPage(page: number): void;
  onPerPage(perPage: PerPage): void;
}

/** First / previous / next / last, "Page N of M", and records per page. */
export function Pagination({ page, lastPage, perPage, busy, onPage, onPerPage }: PaginationProps) {
  const shown = Math.min(page, Math.max(1, lastPage));
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" aria-label="First page" disabled={shown <= 1} onClick={() => onPage(1)}>
        «
      </button>
      <button
        type="button"
        aria-label="Previous page"
        disabled={shown <= 1}
        onClick={() => onPage(shown - 1)}
      >
        ‹
      </button>
      <span className="page-of" aria-live="polite" aria-busy={busy ? 'true' : undefined}>
        Page {shown} of {Math.max(1, lastPage)}
      </span>
      <button
        type="button"
        aria-label="Next page"
        disabled={shown >= lastPage}
        onClick={() => onPage(shown + 1)}
      >
        ›
      </button>
      <button
        type="button"
        aria-label="Last page"
        disabled={shown >= lastPage}
        onClick={() => onPage(lastPage)}
      >
        »
      </button>
      <label className="per-page">
        Per page
        <select
          value={perPage}
          onChange={(event) => onPerPage(Number(event.target.value) as PerPage)}
        >
          {PER_PAGE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
