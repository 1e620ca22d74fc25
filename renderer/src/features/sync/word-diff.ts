import { diffWords } from 'diff';

export interface DiffPart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/** Words that differ between two texts, as runs: what "theirs" removed and added against "mine". */
export function wordDiff(mine: string, theirs: string): DiffPart[] {
  return diffWords(mine, theirs).map((part) => ({
    text: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}

export function textOf(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const block of doc.body.querySelectorAll('p,h1,h2,h3,h4,h5,h6,li,blockquote,pre,br'))
    block.append('\n');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
