import { Node } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import type { Command } from '@tiptap/pm/state';
import { KEPT_CLASS, KEPT_STYLE } from './kept-attributes';
import { placeBlock } from './place-block';

// Embeds (a video player, a map, a pen) and a post's own video and audio. They are kept as they
// came and shown in the editor as a card that names them: nothing plays or loads in the app. The
// app's CSP lets no frame or media in (frame-src and media-src 'none'), and a third party's page
// inside the writer's window is not worth its risk for a preview.

/** Where an <iframe> may come from: the players writers embed, over https, and nothing else. */
const EMBED_SOURCES: { host: RegExp; path: RegExp; name: string }[] = [
  { host: /^(www\.)?youtube(-nocookie)?\.com$/, path: /^\/embed\//, name: 'YouTube video' },
  { host: /^player\.vimeo\.com$/, path: /^\/video\//, name: 'Vimeo video' },
  { host: /^open\.spotify\.com$/, path: /^\/embed\//, name: 'Spotify player' },
  { host: /^w\.soundcloud\.com$/, path: /^\/player\/?$/, name: 'SoundCloud player' },
  { host: /^codepen\.io$/, path: /^\/[^/]+\/embed\//, name: 'CodePen' },
  { host: /^www\.google\.com$/, path: /^\/maps\/embed/, name: 'Google map' },
];

/** The name of the player an <iframe> address is, or null when it is not one we keep. */
export function embedName(src: string | null): string | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  return (
    EMBED_SOURCES.find(({ host, path }) => host.test(url.hostname) && path.test(url.pathname))
      ?.name ?? null
  );
}

type Attributes = Record<string, string>;
type Part = { tag: 'source' | 'track'; attributes: Attributes };

/** What an embed's <iframe> keeps: what a player needs. */
export const IFRAME_ATTRIBUTES = [
  'src',
  'width',
  'height',
  'title',
  'allow',
  'allowfullscreen',
  'frameborder',
  'loading',
  'referrerpolicy',
  'sandbox',
  'scrolling',
  'name',
] as const satisfies readonly string[];

// What each element keeps: what a player or a video needs, never a handler or a srcdoc (a paste
// reaches the editor unsanitised), nor ProseMirror's own data-pm-slice.
const KEPT: Record<string, readonly string[]> = {
  iframe: IFRAME_ATTRIBUTES,
  video: [
    'src',
    'poster',
    'controls',
    'width',
    'height',
    'autoplay',
    'loop',
    'muted',
    'playsinline',
    'preload',
    'crossorigin',
    'controlslist',
    'title',
  ],
  audio: ['src', 'controls', 'autoplay', 'loop', 'muted', 'preload', 'crossorigin', 'title'],
  source: ['src', 'type', 'media', 'sizes', 'srcset'],
  track: ['kind', 'src', 'srclang', 'label', 'default'],
};
// A class and a style are kept too, as data while edited (see kept-attributes.ts).
const AS_DATA: Record<string, string> = { class: KEPT_CLASS, style: KEPT_STYLE };
const FROM_DATA: Record<string, string> = { [KEPT_CLASS]: 'class', [KEPT_STYLE]: 'style' };

const attributesOf = (element: Element): Attributes => {
  const kept = KEPT[element.tagName.toLowerCase()] ?? [];
  const attributes: Attributes = {};
  for (const { name, value } of element.attributes) {
    const as = FROM_DATA[name] ?? name;
    if (
      kept.includes(as) ||
      (as in AS_DATA && element.tagName !== 'SOURCE' && element.tagName !== 'TRACK')
    )
      attributes[as] ??= value;
  }
  return attributes;
};
const asRendered = (attributes: Attributes): Attributes =>
  Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [AS_DATA[name] ?? name, value]),
  );

/** What a <video> or <audio> holds: its sources and tracks, and the words shown without it. */
function partsOf(element: Element): { parts: Part[]; fallback: string } {
  const parts: Part[] = [];
  let fallback = '';
  for (const child of element.childNodes) {
    if (child.nodeName === 'SOURCE' || child.nodeName === 'TRACK')
      parts.push({
        tag: child.nodeName === 'SOURCE' ? 'source' : 'track',
        attributes: attributesOf(child as Element),
      });
    else fallback += child.textContent ?? '';
  }
  // Whitespace between the sources is layout, not words.
  return { parts, fallback: fallback.trim() ? fallback : '' };
}

const describe = (tag: string, attributes: Attributes, parts: Part[]): string[] => {
  const src = attributes.src ?? parts.find((part) => part.tag === 'source')?.attributes.src ?? '';
  const kind = tag === 'iframe' ? (embedName(src) ?? 'Embed') : tag === 'video' ? 'Video' : 'Audio';
  let where = src;
  try {
    const url = new URL(src);
    where = `${url.hostname}${url.pathname}`;
  } catch {
    // Not an address a card can shorten: shown as it is.
  }
  return [kind, attributes.title ?? '', where];
};

const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes: () => ({
    tag: { default: 'iframe', rendered: false },
    attributes: { default: {}, rendered: false },
    parts: { default: [], rendered: false },
    fallback: { default: '', rendered: false },
  }),
  parseHTML: () => [
    {
      tag: 'iframe',
      // Checked here too, not only by the sanitiser: a paste reaches the editor without it.
      getAttrs: (element: HTMLElement) =>
        embedName(element.getAttribute('src')) === null
          ? false
          : { tag: 'iframe', attributes: attributesOf(element) },
    },
    ...(['video', 'audio'] as const).map((tag) => ({
      tag,
      getAttrs: (element: HTMLElement) => ({
        tag,
        attributes: attributesOf(element),
        ...partsOf(element),
      }),
    })),
  ],
  renderHTML: ({ node }) => {
    const { tag, attributes, parts, fallback } = node.attrs as {
      tag: string;
      attributes: Attributes;
      parts: Part[];
      fallback: string;
    };
    const children: DOMOutputSpec[] = parts.map((part) => [part.tag, part.attributes]);
    return [
      tag,
      asRendered(attributes),
      ...children,
      ...(fallback ? [fallback] : []),
    ] as DOMOutputSpec;
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div');
      dom.className = 'embed-card';
      dom.setAttribute('contenteditable', 'false');
      const [kind, title, where] = describe(
        node.attrs.tag as string,
        node.attrs.attributes as Attributes,
        node.attrs.parts as Part[],
      );
      const line = (className: string, text: string) => {
        const span = document.createElement('span');
        span.className = className;
        span.textContent = text;
        dom.append(span);
      };
      line('embed-kind', kind ?? '');
      if (title) line('embed-title', title);
      line('embed-where', where ?? '');
      line('embed-note', 'Plays in the published post, not here.');
      dom.setAttribute('role', 'group');
      dom.setAttribute('aria-label', [kind, title].filter(Boolean).join(': '));
      return { dom };
    };
  },
});

export const embedExtensions = [Embed];

/** A player put in after the block the caret is in (or in place of the empty line it is on). */
export function insertEmbed(attributes: Attributes): Command {
  return (state, dispatch) => {
    const embed = state.schema.nodes.embed;
    if (!embed || embedName(attributes.src ?? null) === null) return false;
    const node = embed.create({ tag: 'iframe', attributes });
    dispatch?.(placeBlock(state, node, null).scrollIntoView());
    return true;
  };
}
