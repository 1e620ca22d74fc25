// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmbed } from './embed-entry';

const src = (raw: string): string | null => {
  const entry = readEmbed(raw, '');
  return entry.ok ? (entry.attributes.src ?? null) : null;
};

describe('readEmbed', () => {
  it('makes a video’s page address its player’s, YouTube’s without cookies', () => {
    expect(src('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(src('youtu.be/dQw4w9WgXcQ?t=1m30s')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90',
    );
    expect(src('https://m.youtube.com/shorts/abcdEFGH123')).toBe(
      'https://www.youtube-nocookie.com/embed/abcdEFGH123',
    );
    expect(src('http://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(src('https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk')).toBe(
      'https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk',
    );
    // Typed or pasted after the "https://" the field starts with (a writer's review).
    expect(src('https://https://vimeo.com/12345')).toBe('https://player.vimeo.com/video/12345');
    expect(src('https://<iframe src="https://player.vimeo.com/video/7"></iframe>')).toBe(
      'https://player.vimeo.com/video/7',
    );
    // A player's own address is taken as it is.
    expect(src('https://player.vimeo.com/video/1?h=abc')).toBe(
      'https://player.vimeo.com/video/1?h=abc',
    );
  });

  it('takes what a player needs from a site’s embed code, and nothing that runs', () => {
    const entry = readEmbed(
      '<iframe src="https://www.youtube.com/embed/abc123" width="560" height="315" onload="alert(1)" srcdoc="<script>x</script>" allowfullscreen></iframe>',
      '',
    );
    expect(entry).toEqual({
      ok: true,
      name: 'YouTube video',
      attributes: {
        src: 'https://www.youtube.com/embed/abc123',
        width: '560',
        height: '315',
        allowfullscreen: '',
        title: 'YouTube video',
      },
    });
  });

  it('titles the frame with the writer’s words, else the code’s, else what it is', () => {
    const code = '<iframe src="https://player.vimeo.com/video/1" title="From the code"></iframe>';
    expect(readEmbed(code, ' Our launch ').ok && readEmbed(code, ' Our launch ')).toMatchObject({
      attributes: { title: 'Our launch' },
    });
    expect(readEmbed(code, '')).toMatchObject({ attributes: { title: 'From the code' } });
    expect(readEmbed('https://vimeo.com/5', '')).toMatchObject({
      attributes: { title: 'Vimeo video' },
    });
  });

  it('says what it embeds when given anything else', () => {
    for (const refused of [
      'https://example.com/video',
      'https://www.youtube.com/watch?v=a"onload="x',
      '<iframe src="https://tracker.example/frame"></iframe>',
      'javascript:alert(1)',
      'ftp://youtube.com/embed/x',
    ]) {
      const entry = readEmbed(refused, '');
      expect(entry.ok, refused).toBe(false);
      expect(!entry.ok && entry.message, refused).toMatch(/YouTube, Vimeo, Spotify/);
    }
    expect(readEmbed('<p>no frame</p>', '')).toEqual({
      ok: false,
      message: 'That code holds no <iframe> to embed.',
    });
    expect(readEmbed('https://', '')).toMatchObject({ ok: false });
  });
});
