import { Extension, Mark } from '@tiptap/core';
import { ANCHOR_ID } from './anchor-ids';
import { SPANS } from './span-names';

// A post's classes and inline styles carry its look on the published site: WordPress's
// `wp-block-heading` and alignment classes, Medium's `graf`, a theme's `caption`. They are kept,
// but in the editing view only as data: the app's own stylesheet must not meet a post's class
// names (a paragraph of class "toolbar"), and the CSP applies no inline style anyway.
// `documentHtml` gives them back as `class` and `style`.
export const KEPT_CLASS = 'data-kept-class';
export const KEPT_STYLE = 'data-kept-style';

const kept = (name: 'class' | 'style', as: string) => ({
  default: null,
  // A block Enter makes is plain: a heading's class is no paragraph's, and a drop cap on the
  // first paragraph is not meant for every one after it.
  keepOnSplit: false,
  // The editor's own copies (a paste within the post) carry the data form.
  parseHTML: (element: HTMLElement) => element.getAttribute(as) ?? element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) =>
    typeof attributes[name] === 'string' && attributes[name] ? { [as]: attributes[name] } : {},
});

// A post's own `data-*` attributes, never the editor's (`data-pm-`, `data-kept-`…).
const OWN_DATA =
  /^data-(?!pm-|kept-|anchor-|container-|html-|bare-|item-|comments-|cell-|row-)[\w-]+$/;

/** The element's own `data-*` attributes, read and written as they are. */
const ownData = {
  default: null,
  parseHTML: (element: HTMLElement) => {
    const own = [...element.attributes].filter((attribute) => OWN_DATA.test(attribute.name));
    return own.length ? Object.fromEntries(own.map((a) => [a.name, a.value])) : null;
  },
  renderHTML: (attributes: Record<string, unknown>) =>
    (attributes.data as Record<string, string> | null) ?? {},
};

/** Attributes of the element, read and written as they are. */
const plain = (...names: string[]) =>
  Object.fromEntries(
    names.map((name) => [
      name,
      {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute(name),
        renderHTML: (attributes: Record<string, unknown>) =>
          typeof attributes[name] === 'string' ? { [name]: attributes[name] } : {},
      },
    ]),
  );

// An id on a mark is an anchor as a block's is (a footnote's return link points at its <sup>):
// data in the view, an id again when saved.
const anchor = {
  id: {
    default: null,
    parseHTML: (element: HTMLElement) =>
      element.getAttribute(ANCHOR_ID) || element.getAttribute('id') || null,
    renderHTML: (attributes: Record<string, unknown>) =>
      typeof attributes.id === 'string' && attributes.id ? { [ANCHOR_ID]: attributes.id } : {},
  },
};

/** Every mark: formatting, links, spans and phrase elements. */
const MARKS = [
  'bold',
  'italic',
  'underline',
  'strike',
  'code',
  'link',
  'namedPlace',
  'superscript',
  'subscript',
  ...SPANS,
  'cite',
  'abbr',
  'kbd',
  'mark',
  'q',
  'small',
  'time',
];

const sameElement = (a: Element, b: Element): boolean =>
  a.tagName === b.tagName &&
  a.attributes.length === b.attributes.length &&
  [...a.attributes].every((attribute) => b.getAttribute(attribute.name) === attribute.value);

// Read in document order, each element's place from the one before it: once each.
const places = new WeakMap<Element, number>();

/** An element's place in a row of elements alike side by side: 0 for the first (or one alone). */
function twinPlace(element: Element): number {
  const known = places.get(element);
  if (known !== undefined) return known;
  const before = element.previousSibling;
  const place =
    before instanceof Element && sameElement(before, element) ? twinPlace(before) + 1 : 0;
  places.set(element, place);
  return place;
}

export const KeptAttributes = Extension.create({
  name: 'keptAttributes',
  addGlobalAttributes: () => [
    {
      // Link has a class of its own (TipTap's), read and written as it is.
      types: [
        'paragraph',
        'heading',
        'blockquote',
        'bulletList',
        'orderedList',
        'listItem',
        'codeBlock',
        'horizontalRule',
        'image',
        'figure',
        'figcaption',
        'table',
        'captionedTable',
        'tableCaption',
        'tableRow',
        'tableCell',
        'tableHeader',
        'details',
        'detailsSummary',
        'container',
        'definitionList',
        'definitionTerm',
        'definitionDescription',
        ...MARKS.filter((name) => name !== 'link'),
        'namedAnchor',
      ],
      attributes: { class: kept('class', KEPT_CLASS), style: kept('style', KEPT_STYLE) },
    },
    // Where a quotation comes from, and how a browser picks an image's size: no part of the
    // editing, kept as they are.
    { types: ['blockquote', 'q'], attributes: plain('cite') },
    // Older editors' presentational attributes (Blogger writes `border="0"` on every image) and
    // a site's own data (`data-original-width`): kept as they came.
    {
      types: ['image'],
      attributes: {
        ...plain('srcset', 'sizes', 'loading', 'decoding', 'border', 'hspace', 'vspace', 'align'),
        data: ownData,
      },
    },
    // A link's own style (Blogger spaces an image's link with margins); its class is TipTap's.
    { types: ['link'], attributes: { style: kept('style', KEPT_STYLE) } },
    // A link may be a place too: documentation links each heading's "#" to itself.
    { types: ['link'], attributes: anchor },
    // A language or direction changes how a reader's browser reads out and lays out the words.
    {
      types: ['paragraph', 'heading', 'blockquote', 'listItem', ...SPANS],
      attributes: plain('lang', 'dir'),
    },
    // Twin formatting side by side (`<kbd>⌘</kbd><kbd>C</kbd>`, two badges, mdBook's hidden lines
    // one span each): the editor's marks are runs, and two alike would be read as one. Each in
    // such a row carries its place in it, which keeps them apart (the middle one deleted too);
    // never written out.
    { types: MARKS, attributes: { twin: { default: 0, rendered: false, parseHTML: twinPlace } } },
  ],
});

/** A phrase element kept as it came; the browser's own styles show it in the editor. */
const phrase = (tag: string, attributes: Record<string, unknown> = {}) =>
  Mark.create({
    name: tag,
    // Typing at its end goes on outside it: what follows <kbd>Ctrl</kbd> is not a key, and a
    // style the writer cannot see here must not spread to what they type.
    inclusive: false,
    addAttributes: () => attributes,
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

// A <span> says nothing by itself: one is kept only for what it carries (a class, a style, a
// language, an anchor). A bare one is named as a loss like any other tag.
//
// ProseMirror nests marks in one fixed order, and spans come both ways round: WordPress writes
// `<strong><span style="color: red">`, mdBook `<span class="caption">… <code>s1</code></span>`.
// So a span around other formatting is a mark of its own, the outermost, and any other the
// innermost. In a code listing, where a highlighter nests its spans, the same again, as marks
// only a listing holds: a listing made a paragraph (or pasted into one) leaves its highlighting
// behind, as `hljs-keyword` would style prose on the published page.
const FORMATTING_SELECTOR =
  'a,abbr,b,cite,code,del,em,i,kbd,mark,q,s,small,span,strike,strong,sub,sup,time,u';

// Where a span stands among the other marks: around a link (above the link's own 1000), around
// other formatting (above it, and inside a link: WordPress's `<a><span style><strong>`), or inside
// everything.
type SpanPlace = 'inside' | 'around' | 'aroundLinks';
const SPAN_PRIORITY: Record<SpanPlace, number> = { inside: 1, around: 999, aroundLinks: 1001 };

const placeOfSpan = (element: HTMLElement): SpanPlace =>
  element.querySelector('a') !== null
    ? 'aroundLinks'
    : element.querySelector(FORMATTING_SELECTOR) !== null
      ? 'around'
      : 'inside';

const spanMark = (name: string, place: SpanPlace, listing: boolean) =>
  Mark.create({
    name,
    priority: SPAN_PRIORITY[place],
    inclusive: false,
    addAttributes: () => ({ ...anchor, ...plain('title') }),
    parseHTML: () => [
      {
        tag: 'span',
        getAttrs: (element: HTMLElement) => {
          if (element.attributes.length === 0) return false;
          if ((element.closest('pre') !== null) !== listing) return false;
          const found = placeOfSpan(element);
          // A listing holds no links: a span there is around others, or inside.
          return (listing && found === 'aroundLinks' ? 'around' : found) === place ? {} : false;
        },
      },
    ],
    renderHTML: ({ HTMLAttributes }) => ['span', HTMLAttributes, 0],
  });

// Older posts name a place by the words at it (`<h2><a name="intro">Introduction</a></h2>`, a
// table of contents' targets): an <a> with no address, kept as it came, beside links, never in
// one (`named-anchors.ts` keeps the empty ones).
const NamedPlace = Mark.create({
  name: 'namedPlace',
  priority: 1000,
  inclusive: false,
  excludes: 'link namedPlace',
  addAttributes: () => ({
    ...anchor,
    name: {
      default: null,
      parseHTML: (element: HTMLElement) => element.getAttribute('name'),
      renderHTML: (attributes: Record<string, unknown>) =>
        typeof attributes.name === 'string' ? { name: attributes.name } : {},
    },
  }),
  parseHTML: () => [
    {
      tag: 'a:not([href])',
      getAttrs: (element: HTMLElement) =>
        (element.hasAttribute('name') || element.hasAttribute(ANCHOR_ID)) &&
        element.childNodes.length > 0
          ? null
          : false,
    },
  ],
  renderHTML: ({ HTMLAttributes }) => ['a', HTMLAttributes, 0],
});

export const phraseMarks = [
  NamedPlace,
  spanMark('span', 'inside', false),
  spanMark('spanAround', 'around', false),
  spanMark('spanAroundLinks', 'aroundLinks', false),
  spanMark('codeSpan', 'inside', true),
  spanMark('codeSpanAround', 'around', true),
  phrase('cite'),
  phrase('abbr', plain('title')),
  phrase('kbd'),
  phrase('mark'),
  phrase('q'),
  phrase('small'),
  phrase('time', plain('datetime')),
];

export const markAnchor = anchor;
