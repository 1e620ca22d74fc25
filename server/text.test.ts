import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords, htmlToText, readingTime, WORDS_PER_MINUTE } from './text';

// The same whitespace class htmlToText collapses, so expectations agree on what a space is.
const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

// Any scalar value, ASCII-biased; much faster to generate than fc.string({ unit: 'binary' }).
const anyChar = fc
  .oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0x80, max: 0xd7ff }),
    fc.integer({ min: 0xe000, max: 0x10ffff }),
  )
  .map((cp) => String.fromCodePoint(cp));

describe('htmlToText', () => {
  it('decodes named, numeric and hex entities', () => {
    expect(
      htmlToText('<p>Tom &amp; Jerry &mdash; caf&#233; &#x263A; a&nbsp;b &lt;tag&gt;</p>'),
    ).toBe('Tom & Jerry — café ☺ a b <tag>');
  });

  it('removes every tag and keeps the attribute values out of the text', () => {
    const text = htmlToText(
      '<p class="lede" title="hidden words">See <a href="https://example.com/x">the link</a> and <img src="a.png" alt="an image">.</p>',
    );
    expect(text).toBe('See the link and .');
  });

  it('puts each block element on its own line', () => {
    const html =
      '<h2>Heading</h2><p>First paragraph.</p><ul><li>one</li><li>two</li></ul><blockquote><p>Quote</p></blockquote><div>Div</div>';
    expect(htmlToText(html).split('\n')).toEqual([
      'Heading',
      'First paragraph.',
      'one',
      'two',
      'Quote',
      'Div',
    ]);
  });

  it('breaks lines at <br> and <hr>', () => {
    expect(htmlToText('one<br>two<br/>three<hr>four')).toBe('one\ntwo\nthree\nfour');
  });

  it('keeps the cells of a table row apart', () => {
    expect(htmlToText('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>')).toBe(
      'a\nb\nc',
    );
  });

  it('drops the content of script, style and similar elements', () => {
    const html =
      '<p>Before</p><script>var secret = "<p>not text</p>";</script><style>p { color: red }</style>' +
      '<template><p>tpl</p></template><noscript>enable js</noscript><p>After</p>';
    const text = htmlToText(html);
    expect(text).toBe('Before\nAfter');
  });

  it('does not split words at inline elements', () => {
    expect(htmlToText('<p>in<b>line</b>word and <em>em</em>phasis <code>x</code>y</p>')).toBe(
      'inlineword and emphasis xy',
    );
  });

  it('collapses runs of whitespace, including newlines in the source, within a block', () => {
    expect(htmlToText('<p>  a \n\t b   </p>\n\n<p>\n c \n</p>')).toBe('a b\nc');
  });

  it('returns the empty string for empty or tag-only input', () => {
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<p></p><div>  </div><br>')).toBe('');
  });

  it.each([
    '<p>unclosed <b>bold <i>italic',
    '</div></span>stray closers</p>',
    '<<<>>> & &bogus; &#xZZ; &#99999999;',
    '<a href="never closed',
    '<!-- open comment',
    '<script>never closed',
    '<p <p <p>>>',
    '\u0000<\u0000p>\uFFFF',
  ])('does not throw on malformed HTML %j', (html) => {
    expect(() => htmlToText(html)).not.toThrow();
  });

  it('treats tag names case-insensitively', () => {
    expect(htmlToText('<P>one</P><SCRIPT>x</SCRIPT><DIV>two</DIV>')).toBe('one\ntwo');
  });

  it('recovers from a lone closing script tag without dropping later text', () => {
    expect(htmlToText('</script><p>still here</p>')).toBe('still here');
  });

  it('returns the original text for entity-escaped text in a paragraph', () => {
    // Code points the HTML spec remaps or replaces when written as numeric references.
    const remapped = (cp: number): boolean =>
      cp === 0 || (cp >= 0x80 && cp <= 0x9f) || (cp >= 0xd800 && cp <= 0xdfff);
    const escapeChar = (ch: string, style: number): string => {
      const cp = ch.codePointAt(0) ?? 0;
      if (ch === '&') return ['&amp;', '&#38;', '&#x26;'][style % 3] as string;
      if (ch === '<') return ['&lt;', '&#60;', '&#x3c;'][style % 3] as string;
      if (ch === '>') return ['&gt;', '&#62;', '&#x3E;'][style % 3] as string;
      if (style === 1 && !remapped(cp)) return `&#${cp};`;
      if (style === 2 && !remapped(cp)) return `&#x${cp.toString(16)};`;
      return ch;
    };
    const source = fc.array(
      fc.tuple(
        fc.oneof(
          anyChar,
          fc.constantFrom('&', '<', '>', ' ', '\n', '\t', '\u00a0', 'a', '&amp;', '</p>', ';'),
        ),
        fc.integer({ min: 0, max: 2 }),
      ),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(source, (parts) => {
        const original = parts.map(([ch]) => ch).join('');
        const escaped = parts
          .map(([chunk, style]) => [...chunk].map((ch) => escapeChar(ch, style)).join(''))
          .join('');
        expect(htmlToText(`<p>${escaped}</p>`)).toBe(collapse(original));
      }),
      { numRuns: 300 },
    );
  });

  // A random element tree: inline and block tags around text, with script/style leaves.
  type Node =
    | { kind: 'text'; text: string }
    | { kind: 'skipped'; tag: 'script' | 'style'; text: string }
    | { kind: 'element'; tag: string; children: Node[] };
  const word = fc.stringMatching(/^[A-Za-z0-9 ]{0,12}$/);
  const INLINE = ['b', 'i', 'em', 'strong', 'code', 'a', 'span', 'small', 'mark'];
  const BLOCK = ['p', 'div', 'h2', 'li', 'blockquote', 'section', 'pre', 'td'];
  const tree = (tags: readonly string[], allowSkipped: boolean): fc.Arbitrary<Node[]> => {
    const { nodes } = fc.letrec<{ node: Node; nodes: Node[] }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        word.map((text): Node => ({ kind: 'text', text })),
        ...(allowSkipped
          ? [
              fc
                .record({ tag: fc.constantFrom('script' as const, 'style' as const), text: word })
                .map((leaf): Node => ({ kind: 'skipped', ...leaf })),
            ]
          : []),
        fc
          .record({ tag: fc.constantFrom(...tags), children: tie('nodes') as fc.Arbitrary<Node[]> })
          .map((element): Node => ({ kind: 'element', ...element })),
      ),
      nodes: fc.array(tie('node') as fc.Arbitrary<Node>, { maxLength: 4 }),
    }));
    return nodes;
  };
  const render = (nodes: Node[]): string =>
    nodes
      .map((node) => {
        if (node.kind === 'text') return node.text;
        if (node.kind === 'skipped') return `<${node.tag}>${node.text}</${node.tag}>`;
        return `<${node.tag}>${render(node.children)}</${node.tag}>`;
      })
      .join('');
  const visibleText = (nodes: Node[]): string =>
    nodes
      .map((node) => {
        if (node.kind === 'text') return node.text;
        if (node.kind === 'skipped') return '';
        return visibleText(node.children);
      })
      .join('');

  it('keeps every visible character of any tag tree, in order, and no markup', () => {
    fc.assert(
      fc.property(tree([...INLINE, ...BLOCK], true), (nodes) => {
        const text = htmlToText(render(nodes));
        expect(text).not.toMatch(/[<>]/);
        expect(text.replace(/\s/g, '')).toBe(visibleText(nodes).replace(/\s/g, ''));
        if (text === '') return;
        for (const line of text.split('\n')) {
          expect(line).not.toBe('');
          expect(line).toBe(collapse(line));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads inline-only markup as one line of the concatenated text', () => {
    fc.assert(
      fc.property(tree(INLINE, false), (nodes) => {
        expect(htmlToText(render(nodes))).toBe(collapse(visibleText(nodes)));
      }),
      { numRuns: 500 },
    );
  });

  it('returns non-empty, trimmed, single-spaced lines for any input at all', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(anyChar, { maxLength: 200 }).map((chars) => chars.join('')),
          fc
            .array(
              fc.constantFrom('<', '>', '/', 'p', 'div', 'script', '&', ';', '#', ' ', '"', '='),
            )
            .map((parts) => parts.join('')),
        ),
        (html) => {
          const text = htmlToText(html);
          if (text === '') return;
          for (const line of text.split('\n')) {
            expect(line).not.toBe('');
            expect(line).toBe(collapse(line));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   \n\t ', 0],
    ['one', 1],
    ['  one   two\nthree\tfour  ', 4],
    ['don’t stop-believing', 2],
    ['a\u00a0b', 2],
  ])('counts %j as %i words', (text, expected) => {
    expect(countWords(text)).toBe(expected);
  });

  it('agrees with the number of whitespace-separated parts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z]{1,8}$/)),
        fc.stringMatching(/^\s+$/),
        (words, gap) => {
          expect(countWords(` ${words.join(gap)} `)).toBe(words.length);
        },
      ),
    );
  });
});

describe('readingTime', () => {
  const words = (n: number): string => Array.from({ length: n }, () => 'word').join(' ');

  it('is 0 minutes for an empty text', () => {
    expect(readingTime('')).toBe(0);
    expect(readingTime('  \n ')).toBe(0);
  });

  it('rounds any partial minute up', () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readingTime('one')).toBe(1);
    expect(readingTime(words(200))).toBe(1);
    expect(readingTime(words(201))).toBe(2);
    expect(readingTime(words(400))).toBe(2);
    expect(readingTime(words(1_001))).toBe(6);
  });

  it('is ceil(words / 200) for any word count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000 }), (n) => {
        expect(readingTime(words(n))).toBe(Math.ceil(n / 200));
      }),
      { numRuns: 50 },
    );
  });
});
