// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { keepWithinList, recordKeys } from './queries';

const shown = { records: ['Letters about bright readers'] };
const page = (publicationId: string, kind: 'post' | 'page', n: number) => ({
  queryKey: recordKeys.page({ publicationId, kind, page: n, perPage: 20, draftsOnly: false }),
});

describe('keepWithinList', () => {
  const keep = keepWithinList('journal', 'page');

  it('keeps the rows on screen while another page, filter or search of the same list loads', () => {
    expect(keep(shown, page('journal', 'page', 3))).toBe(shown);
    expect(keep(shown, { queryKey: recordKeys.search('journal', 'page', 'walks', false) })).toBe(
      shown,
    );
  });

  it('never shows another kind’s or another publication’s rows in their place', () => {
    expect(keep(shown, page('journal', 'post', 1))).toBeUndefined();
    expect(keep(shown, page('other', 'page', 1))).toBeUndefined();
    expect(
      keep(shown, { queryKey: recordKeys.search('other', 'page', 'walks', true) }),
    ).toBeUndefined();
    expect(keep(shown, undefined)).toBeUndefined();
  });
});
