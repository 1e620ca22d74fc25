import { getSchema } from '@tiptap/core';
import { DOMParser as DocumentParser, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { markBareLines } from './bare-words';
import { editorExtensions } from './extensions';
import { sanitizeHtml } from './sanitize';

let parser: DocumentParser | null = null;

/**
 * The document the visual editor makes of a post's HTML, after making it safe. Read by
 * ProseMirror directly, not through TipTap's HTML content: TipTap first drops every text node
 * that is only a line break, anywhere, which joined the lines of a highlighted listing
 * (`<span>fn</span>\n<span>let</span>`) and two words with a line between their formatting
 * (`<em>a</em>\n<em>b</em>` read as "ab").
 */
export function editorDocument(html: string): ProseMirrorNode {
  parser ??= DocumentParser.fromSchema(getSchema(editorExtensions));
  const page = new window.DOMParser().parseFromString(
    `<body>${sanitizeHtml(html)}</body>`,
    'text/html',
  );
  markBareLines(page.body);
  return parser.parse(page.body);
}
