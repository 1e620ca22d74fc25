import { differingFields, type FieldKey } from '../../../../shared/field-differences';
import type { DraftFieldsView, Tag } from '../../../../shared/model';
import { FIELD_LABELS } from '../editor/field-labels';
import { tagLabel } from '../editor/tag-entry';
import { textOf } from './word-diff';

export interface FieldRow {
  key: FieldKey;
  label: string;
  mine: string;
  theirs: string;
}

function shown(fields: DraftFieldsView, key: FieldKey, tags: readonly Tag[]): string {
  switch (key) {
    case 'status':
      return fields.status === 'publish' ? 'Published' : 'Draft';
    case 'featured':
      return fields.featured ? 'Yes' : 'No';
    case 'tags':
      return fields.tags?.length ? fields.tags.map((id) => tagLabel(id, tags)).join(', ') : 'None';
    default: {
      const value = fields[key];
      return value === undefined || value === null || value === '' ? '(empty)' : String(value);
    }
  }
}

/** Every field besides title and text that differs, as the writer would read it on each side. */
export function otherFieldRows(
  mine: DraftFieldsView,
  theirs: DraftFieldsView,
  tags: readonly Tag[] = [],
): FieldRow[] {
  return differingFields(mine, theirs)
    .filter((key) => key !== 'title' && key !== 'content')
    .map((key) => ({
      key,
      label: FIELD_LABELS[key] ?? key,
      mine: shown(mine, key, tags),
      theirs: shown(theirs, key, tags),
    }));
}

/**
 * How the two bodies should be compared: by their words, or, when the words agree but the
 * markup does not (a link or a bold added), by their HTML, so no difference goes unseen.
 */
export function bodyComparison(mine: string, theirs: string): 'same' | 'text' | 'markup' {
  if (mine === theirs) return 'same';
  return textOf(mine) === textOf(theirs) ? 'markup' : 'text';
}
