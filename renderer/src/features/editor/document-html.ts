import { DOMSerializer, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { ANCHOR_ID } from './anchor-ids';
import { finishFigures } from './figures';
import { finishTables } from './tables';

/**
 * The post's HTML from the editor's document: what the view shows, with what it holds only for
 * itself given back as the post had it (anchors as ids, tables' heads and bare cells, figures' bare images).
 */
export function documentHtml(doc: ProseMirrorNode): string {
  // A page of its own, never shown: the ids are not in the app's page even for a moment.
  const page = document.implementation.createHTMLDocument('');
  const body = page.body;
  body.append(
    DOMSerializer.fromSchema(doc.type.schema).serializeFragment(doc.content, { document: page }),
  );
  for (const element of body.querySelectorAll(`[${ANCHOR_ID}]`)) {
    element.setAttribute('id', element.getAttribute(ANCHOR_ID) ?? '');
    element.removeAttribute(ANCHOR_ID);
  }
  finishTables(body);
  finishFigures(body);
  return body.innerHTML;
}
