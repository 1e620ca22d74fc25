import { Parser } from 'htmlparser2';

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
// Their text is code or markup, not prose a reader would read.
const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'svg']);

export const WORDS_PER_MINUTE = 200;

/** Plain text of an HTML fragment: entities decoded, tags removed, one line per block. */
export function htmlToText(html: string): string {
  const lines: string[] = [];
  let line = '';
  let skipDepth = 0;
  const breakLine = (): void => {
    const trimmed = line.replace(/\s+/g, ' ').trim();
    if (trimmed) lines.push(trimmed);
    line = '';
  };
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIPPED_TAGS.has(name)) skipDepth++;
        else if (BLOCK_TAGS.has(name)) breakLine();
        // Table cells in one row stay on one line, apart.
        if (name === 'td' || name === 'th') line += ' ';
      },
      onclosetag(name) {
        if (SKIPPED_TAGS.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (BLOCK_TAGS.has(name)) breakLine();
      },
      ontext(text) {
        if (skipDepth === 0) line += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  breakLine();
  return lines.join('\n');
}

export function countWords(text: string): number {
  let count = 0;
  for (const part of text.split(/\s+/)) if (part) count++;
  return count;
}

/** Minutes to read at 200 words a minute, rounded up; 0 for an empty text. */
export function readingTime(text: string): number {
  return Math.ceil(countWords(text) / WORDS_PER_MINUTE);
}
