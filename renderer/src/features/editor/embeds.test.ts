// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { embedName } from './embeds';
import { documentHtml, editorExtensions } from './extensions';
import { markupLoss, visualRoundTrip } from './fidelity';
import { cleanPastedHtml } from './paste';
import { sanitizeHtml } from './sanitize';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const YOUTUBE =
  '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/abc123" title="The talk" frameborder="0" allow="autoplay; encrypted-media; picture-in-picture" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen=""></iframe>';

describe('embeds, video and audio in the visual editor', () => {
  it('tell the players writers embed from any other page', () => {
    expect(embedName('https://www.youtube.com/embed/abc')).toBe('YouTube video');
    expect(embedName('https://youtube-nocookie.com/embed/abc?start=30')).toBe('YouTube video');
    expect(embedName('https://player.vimeo.com/video/76979871')).toBe('Vimeo video');
    expect(embedName('https://codepen.io/someone/embed/abcd')).toBe('CodePen');
    expect(embedName('https://www.google.com/maps/embed?pb=1')).toBe('Google map');
    for (const refused of [
      'http://www.youtube.com/embed/abc', // not https
      'https://www.youtube.com/watch?v=abc', // the page, not the player
      'https://www.youtube.com.evil.example/embed/abc',
      'https://evil.example/www.youtube.com/embed/abc',
      'https://user:pw@www.youtube.com/embed/abc',
      'javascript:alert(1)',
      '/embed/abc',
      null,
    ])
      expect(embedName(refused), String(refused)).toBeNull();
  });

  it('are saved as they came, every attribute, sources, tracks and the words shown without them', () => {
    for (const html of [
      `<p>Watch:</p>${YOUTUBE}<p>After.</p>`,
      '<video controls="" src="https://media.example.com/clip.mp4" poster="https://media.example.com/clip.jpg"></video>',
      '<video controls="" width="640"><source src="https://media.example.com/a.webm" type="video/webm"><source src="https://media.example.com/a.mp4" type="video/mp4"><track kind="captions" src="https://media.example.com/a.vtt" srclang="en" label="English">Your browser shows no video.</video>',
      '<audio controls="" src="https://media.example.com/episode-12.mp3"></audio>',
    ]) {
      expect(markupLoss(html), html).toEqual([]);
      expect(visualRoundTrip(html)).toBe(html);
    }
  });

  it('let no other page in: named, and left out by the sanitiser and by a paste alike', () => {
    const elsewhere = '<p>x</p><iframe src="https://tracker.example/frame"></iframe>';
    expect(markupLoss(elsewhere)).toEqual(['<iframe>']);
    expect(sanitizeHtml(elsewhere)).toBe('<p>x</p>');
    expect(sanitizeHtml(YOUTUBE)).toContain('youtube-nocookie.com/embed/abc123');
    // A paste is not sanitised first: the editor's own rule refuses it.
    editor = new Editor({ extensions: editorExtensions, content: cleanPastedHtml(elsewhere).html });
    expect(documentHtml(editor.state.doc)).toBe('<p>x</p>');
    expect(cleanPastedHtml(elsewhere).notes.join(' ')).toContain('<iframe>');
  });

  it('name one the editor would take out of its line: an embed stands between blocks', () => {
    expect(
      markupLoss('<p>Watch: <iframe src="https://www.youtube.com/embed/abc"></iframe></p>'),
    ).toContain('<iframe> inside <p>');
    expect(
      markupLoss('<p>Listen <audio controls src="https://media.example.com/a.mp3"></audio></p>'),
    ).toContain('<audio> inside <p>');
    expect(embedName('https://www.youtube.com:8443/embed/abc')).toBeNull();
  });

  it('keep only what a player or a video needs, whatever reaches the editor', () => {
    // Straight into the editor, as no paste does any more: the node's own rule holds too.
    editor = new Editor({
      extensions: editorExtensions,
      content:
        '<iframe src="https://www.youtube.com/embed/abc" srcdoc="<script>x</script>" onload="x()" data-pm-slice="0 0 []" width="5"></iframe>' +
        '<video src="https://media.example.com/a.mp4" onerror="x()" controls><source src="https://media.example.com/a.webm" onerror="x()"></video>',
    });
    expect(documentHtml(editor.state.doc)).toBe(
      '<iframe src="https://www.youtube.com/embed/abc" width="5"></iframe>' +
        '<video src="https://media.example.com/a.mp4" controls=""><source src="https://media.example.com/a.webm"></video>',
    );
  });

  it('show a card that names them, and nothing that loads or plays', () => {
    editor = new Editor({
      extensions: editorExtensions,
      content: sanitizeHtml(
        `${YOUTUBE}<video controls src="https://media.example.com/clip.mp4"></video>`,
      ),
    });
    const view = editor.view.dom;
    expect(view.querySelectorAll('iframe, video, audio, source')).toHaveLength(0);
    const cards = [...view.querySelectorAll('.embed-card')];
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'YouTube video: The talk',
      'Video',
    ]);
    expect(cards[0]?.textContent).toContain('www.youtube-nocookie.com/embed/abc123');
    expect(cards[1]?.textContent).toContain('media.example.com/clip.mp4');
    expect(cards[0]?.getAttribute('contenteditable')).toBe('false');
    // Saved as it came all the same.
    expect(documentHtml(editor.state.doc)).toContain(YOUTUBE);
  });
});
