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
  // aria-disabled, not disabled: a button that reaches the end keeps the keyboard focus.
  const step = (label: string, text: string, target: number, enabled: boolean) => (
    <button
      type="button"
      aria-label={label}
      aria-disabled={enabled ? undefined : 'true'}
      onClick={() => enabled && onPage(target)}
    >
      {text}
    </button>
  );
  return (
    <nav className="pagination" aria-label="Pages">
      {step('First page', '«', 1, shown > 1)}
      {step('Previous page', '‹', shown - 1, shown > 1)}
      <span className="page-of" aria-live="polite" aria-busy={busy ? 'true' : undefined}>
        Page {shown} of {Math.max(1, lastPage)}
      </span>
      {step('Next page', '›', shown + 1, shown < lastPage)}
      {step('Last page', '»', lastPage, shown < lastPage)}
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
