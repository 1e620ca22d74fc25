import { diffWordsWithSpace } from 'diff';

export interface DiffPart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/**
 * Words that differ between two texts, as runs: what "theirs" removed and added against "mine".
 * Spaces count (`diffWords` would lend one side the other's spacing: "change ." for "change.").
 */
export function wordDiff(mine: string, theirs: string): DiffPart[] {
  const parts = diffWordsWithSpace(mine, theirs);
  const runs: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    // Spacing both sides end on is theirs in common, left unmarked.
    const tail = /\s*$/.exec(removed)?.[0] ?? '';
    const shared = removed && added && tail && added.endsWith(tail) ? tail : '';
    if (removed !== shared)
      runs.push({ text: removed.slice(0, removed.length - shared.length), change: 'removed' });
    if (added !== shared)
      runs.push({ text: added.slice(0, added.length - shared.length), change: 'added' });
    if (shared) runs.push({ text: shared, change: 'same' });
    removed = added = '';
  };
  const changed = (i: number) => Boolean(parts[i]?.added || parts[i]?.removed);
  parts.forEach((part, i) => {
    if (part.added) added += part.value;
    else if (part.removed) removed += part.value;
    // A space between two changed words joins them into one marked run on each side.
    else if (/^\s+$/.test(part.value) && changed(i - 1) && changed(i + 1)) {
      removed += part.value;
      added += part.value;
    } else {
      flush();
      runs.push({ text: part.value, change: 'same' });
    }
  });
  flush();
  return runs;
}

/** Blocks whose words end a line, so the next block's do not run on into them. */
const LINE_ENDS =
  'p,h1,h2,h3,h4,h5,h6,li,blockquote,pre,br,tr,caption,figcaption,dt,dd,div,section,article,aside,header,footer,details,summary,hr';

export function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const block of doc.body.querySelectorAll(LINE_ENDS)) block.append('\n');
  // A table's cells side by side, apart (a review found "cell" and the next "para" as one word).
  for (const cell of doc.body.querySelectorAll('td,th')) cell.append(' ');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
