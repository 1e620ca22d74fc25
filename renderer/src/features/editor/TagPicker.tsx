import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { Tag } from '../../../../shared/model';
import { MAX_TAGS } from '../../../../shared/views';
import { sentence } from '../../ui/errors';
import { resolveTagEntry, tagLabel } from './tag-entry';

interface Props {
  initial: readonly number[];
  known: readonly Tag[];
  /** What the service said of the tags when it refused the draft. */
  refused?: readonly string[];
  onChange(ids: number[]): void;
}

/**
 * The chips a refusal points at: the numbers it names that are on the post. The service says
 * which ids it does not know ("Unknown tag id(s): 7, 9"); a message naming none marks none.
 */
export function refusedTagIds(said: readonly string[] | undefined, ids: readonly number[]) {
  const named = new Set((said ?? []).flatMap((line) => (line.match(/\d+/g) ?? []).map(Number)));
  return new Set(ids.filter((id) => named.has(id)));
}

/**
 * The names in what was typed, parted by commas: the longest run of parts that names a known tag
 * is one name, so a tag whose name holds a comma ("Salt, Pepper") is not split.
 */
function namesIn(text: string, known: readonly Tag[]): string[] {
  const parts = text.split(',');
  const names: string[] = [];
  for (let start = 0; start < parts.length;) {
    let end = parts.length;
    while (end > start + 1 && !resolveTagEntry(parts.slice(start, end).join(','), known).ok) end--;
    const name = parts.slice(start, end).join(',');
    if (name.trim() !== '') names.push(name);
    start = end;
  }
  return names;
}

/** The post's tags as removable chips, and a field that adds one by name (suggested) or number. */
export function TagPicker({ initial, known, refused, onChange }: Props) {
  const [ids, setIds] = useState<number[]>([...initial]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const errorId = useId();
  const refusalId = useId();
  const marked = refusedTagIds(refused, ids);
  const chips = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // After a chip's removal the keyboard stays in the tags: on the next chip, else the field.
  const focusChipAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = focusChipAt.current;
    if (at === null) return;
    focusChipAt.current = null;
    const buttons = chips.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(at, buttons.length - 1)] ?? input.current)?.focus();
  }, [ids]);
  const update = (next: number[]) => {
    setIds(next);
    onChange(next);
  };
  /**
   * Adds what the field names: one tag, or several parted by commas ("travel, food"). What
   * cannot be added stays in the field, parted as typed, with the first reason. A comma that
   * only added what it could had swallowed itself and run the next name into the last.
   */
  const add = (typedComma = false) => {
    const names = namesIn(text, known);
    const next = [...ids];
    const left: string[] = [];
    // Nothing named at all: said as an empty field is.
    const none = names.length === 0 ? resolveTagEntry(text, known) : undefined;
    let reason: string | null = none && !none.ok ? none.message : null;
    for (const name of names) {
      const entry = resolveTagEntry(name, known);
      // One more would make every save of the draft fail: the contract takes no more.
      const full = entry.ok && !next.includes(entry.id) && next.length >= MAX_TAGS;
      if (!entry.ok || full) {
        left.push(name.trim());
        reason ??= entry.ok
          ? `${MAX_TAGS} tags is the most there can be: remove one first.`
          : entry.message;
      } else if (!next.includes(entry.id)) next.push(entry.id);
    }
    if (next.length !== ids.length) update(next);
    setText(left.join(', ') + (typedComma && left.length > 0 ? ',' : ''));
    setError(reason);
  };
  return (
    <fieldset className="tag-picker">
      <legend>Tags</legend>
      {ids.length > 0 ? (
        <ul
          ref={chips}
          className="tag-chips"
          aria-label="Tags on this post"
          aria-describedby={refused?.length ? refusalId : undefined}
        >
          {ids.map((id, index) => (
            <li key={id} className={marked.has(id) ? 'tag-chip refused' : 'tag-chip'}>
              {tagLabel(id, known)}
              {marked.has(id) && <span className="tag-refused">refused</span>}
              <button
                type="button"
                className="small ghost"
                aria-label={`Remove tag ${tagLabel(id, known)}${marked.has(id) ? ', refused by the service' : ''}`}
                onClick={() => {
                  focusChipAt.current = index;
                  update(ids.filter((other) => other !== id));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">No tags.</p>
      )}
      <div className="tag-add">
        <input
          ref={input}
          aria-label="Add a tag"
          placeholder="Tag name or number"
          list={listId}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            // A comma inside a known tag's name ("Salt, Pepper") is typed, not taken as the end.
            const inName =
              event.key === ',' &&
              known.some((tag) =>
                tag.name.toLowerCase().startsWith(`${text.trim().toLowerCase()},`),
              );
            if (event.key === 'Enter' || (event.key === ',' && !inName)) {
              event.preventDefault();
              add(event.key === ',');
            }
          }}
        />
        <button type="button" className="small" onClick={() => add()}>
          Add tag
        </button>
        <datalist id={listId}>
          {known
            .filter((tag) => !ids.includes(tag.id))
            .map((tag) => (
              <option key={tag.id} value={tag.name} />
            ))}
        </datalist>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="status">
          {error}
        </p>
      )}
      {refused?.length ? (
        <p id={refusalId} className="field-error">
          Refused by the service: {refused.map(sentence).join(' ')}
          {marked.size > 0 ? ' Remove the marked tag, or enter a number the service knows.' : ''}
        </p>
      ) : null}
    </fieldset>
  );
}
