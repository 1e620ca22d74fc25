// Chinese and Japanese are written without spaces between words: counted a character a word, as
// word processors count them (a sentence was one "word" and a minute's read).
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Words a minute for spaced scripts; characters a minute for unspaced ones (read by sight). */
const WORDS_A_MINUTE = 200;
const CHARACTERS_A_MINUTE = 300;

export interface TextCount {
  words: number;
  minutes: number;
}

/** Runs between spaces that hold a letter or digit (a lone dash is no word), each Han or kana one. */
export function countText(text: string): TextCount {
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  const spaced = text
    .replace(UNSPACED, ' ')
    .split(/\s+/)
    .filter((run) => HAS_LETTER_OR_DIGIT.test(run)).length;
  const minutes = Math.ceil(spaced / WORDS_A_MINUTE + unspaced / CHARACTERS_A_MINUTE);
  return { words: spaced + unspaced, minutes };
}

export const countLine = ({ words, minutes }: TextCount): string =>
  `${words} ${words === 1 ? 'word' : 'words'} · ${minutes} min read`;
