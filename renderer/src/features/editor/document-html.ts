import { DOMSerializer, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { ANCHOR_ID } from './anchor-ids';
import { finishBareLines } from './bare-words';
import { finishCaretLines } from './below-last-block';
import { finishComments } from './comments';
import { finishContainers } from './containers';
import { finishDefinitionLists } from './definition-lists';
import { finishDisclosures } from './disclosures';
import { finishFigures } from './figures';
import { KEPT_CLASS, KEPT_STYLE } from './kept-attributes';
import { finishListItems } from './list-items';
import { finishTableCaptions } from './table-captions';
import { finishTables } from './tables';

/**
 * The post's HTML from the editor's document: what the view shows, with what it holds only for
 * itself given back as the post had it (anchors as ids, classes and styles, tables' heads and bare cells, figures' bare images,
 * disclosures' bare words).
 */
export function documentHtml(doc: ProseMirrorNode): string {
  // A page of its own, never shown: the ids are not in the app's page even for a moment.
  const page = document.implementation.createHTMLDocument('');
  const body = page.body;
  body.append(
    DOMSerializer.fromSchema(doc.type.schema).serializeFragment(doc.content, { document: page }),
  );
  for (const [data, name] of [
    [ANCHOR_ID, 'id'],
    [KEPT_CLASS, 'class'],
    [KEPT_STYLE, 'style'],
  ] as const)
    for (const element of body.querySelectorAll(`[${data}]`)) {
      element.setAttribute(name, element.getAttribute(data) ?? '');
      element.removeAttribute(data);
    }
  finishCaretLines(body);
  finishBareLines(body);
  finishTableCaptions(body);
  finishTables(body);
  finishListItems(body);
  finishFigures(body);
  finishDisclosures(body);
  finishDefinitionLists(body);
  finishComments(body);
  finishContainers(body);
  // A place's name dropped from a copy of its words (ids are never doubled) leaves an <a> that
  // says nothing: its words stay, plain.
  for (const empty of body.querySelectorAll('a'))
    if (empty.attributes.length === 0) empty.replaceWith(...empty.childNodes);
  return body.innerHTML;
}
