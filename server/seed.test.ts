import { describe, expect, it } from 'vitest';
import { plural } from './seed';

describe('plural', () => {
  it('makes the plurals a writer expects in seeded titles', () => {
    expect(
      ['story', 'sunday', 'essay', 'compass', 'syntax', 'village', 'light'].map(plural),
    ).toEqual(['stories', 'sundays', 'essays', 'compasses', 'syntaxes', 'villages', 'lights']);
  });
});
