import { useUi } from '../../ui-store';

/**
 * Said when the toolbar or one of its forms is used while the text is read-only (a Delete or a
 * replaced text on its way, read-only-lock.ts): nothing goes in, and the writer must know it.
 */
export const NOT_NOW_READ_ONLY = 'Not now: this text is being deleted, or replaced.';

/** Says so, as a notice: for a control pressed while the text is read-only. */
export const sayNotNow = (): void =>
  void useUi.getState().notify({ tone: 'info', message: NOT_NOW_READ_ONLY });
