import { describe, expect, it } from 'vitest';
import { findInText, parseWords, searchWords, unionBox, wordToPixels, type Word } from './geometry';
import { capText } from './LargeText';

const word = (text: string, x0: number, y0: number, x1: number, y1: number, page = 1): Word => ({ page, text, x0, y0, x1, y1 });

describe('the words of rawTextWithGeometry', () => {
  it('reads the extraction format and drops what is malformed', () => {
    const json = JSON.stringify([
      { page: 1, text: 'Contratto', x0: 72, y0: 60.5, x1: 140.2, y1: 72.5 },
      { page: 1, text: 'rovesciato', x0: 200, y0: 90, x1: 150, y1: 80 }, // corners swapped: normalised
      { page: '2', text: 'bad', x0: 0, y0: 0, x1: 1, y1: 1 },
      { page: 2, text: 'noBox' },
      null,
    ]);
    expect(parseWords(json)).toEqual([word('Contratto', 72, 60.5, 140.2, 72.5), word('rovesciato', 150, 80, 200, 90)]);
    expect(parseWords('not json')).toEqual([]);
    expect(parseWords('{"page":1}')).toEqual([]);
    expect(parseWords(null)).toEqual([]);
  });

  it('maps a box in points (top-left origin) to the rendered page by its width ratio', () => {
    // A4 (595 × 842 pt) rendered 1190 px wide: 2 px per point, y not flipped.
    const a4 = { width: 595, height: 842 };
    expect(wordToPixels(word('x', 72, 60, 140, 72), a4, 1190)).toEqual({ left: 144, top: 120, width: 136, height: 24 });
    // Half size.
    const half = wordToPixels(word('x', 100, 800, 200, 842), a4, 297.5);
    expect(half.left).toBeCloseTo(50);
    expect(half.top).toBeCloseTo(400);
    expect(half.width).toBeCloseTo(50);
    expect(half.height).toBeCloseTo(21);
    // A word at the bottom-right corner lands at the rendered page's bottom-right corner.
    const corner = wordToPixels(word('x', 585, 832, 595, 842), a4, 500);
    expect(corner.left + corner.width).toBeCloseTo(500);
    expect(corner.top + corner.height).toBeCloseTo((842 * 500) / 595);
    expect(wordToPixels(word('x', 1, 1, 2, 2), { width: 0, height: 0 }, 500)).toEqual({ left: 0, top: 0, width: 0, height: 0 });
  });

  it('finds words by one term, ignoring case and accents', () => {
    const words = [word('Perché', 0, 0, 1, 1), word('il', 0, 0, 1, 1), word('PERCHE', 0, 0, 1, 1), word('contratto', 0, 0, 1, 1)];
    expect(searchWords(words, 'perche')).toEqual([[0], [2]]);
    expect(searchWords(words, 'TRAT')).toEqual([[3]]);
    expect(searchWords(words, '   ')).toEqual([]);
  });

  it('finds several terms as consecutive words of one page', () => {
    const words = [word('Il', 0, 0, 1, 1), word('contratto', 0, 0, 1, 1), word('di', 0, 0, 1, 1, 1), word('cessione', 0, 0, 1, 1, 2), word('contratto', 0, 0, 1, 1, 2), word('di', 0, 0, 1, 1, 2), word('cessione.', 0, 0, 1, 1, 2)];
    expect(searchWords(words, 'contratto di')).toEqual([[1, 2], [4, 5]]);
    expect(searchWords(words, 'di cessione')).toEqual([[5, 6]]); // 2 → 3 crosses a page
  });

  it('joins a run into one box', () => {
    expect(unionBox([word('a', 10, 20, 30, 32), word('b', 35, 18, 60, 30)])).toEqual({ page: 1, text: 'a b', x0: 10, y0: 18, x1: 60, y1: 32 });
    expect(unionBox([])).toBeNull();
  });

  it('finds a query in the text', () => {
    expect(findInText('Abc abc ABC', 'abc')).toEqual([0, 4, 8]);
    expect(findInText('aaaa', 'aa')).toEqual([0, 2]);
    expect(findInText('abc', ' ')).toEqual([]);
    expect(findInText('abc abc abc', 'abc', 2)).toEqual([0, 4]);
  });
});

describe('capping long texts', () => {
  it('keeps a short text whole', () => {
    expect(capText('a\nb', 10, 100)).toEqual({ shown: 'a\nb', capped: false });
  });

  it('cuts at the line or character cap', () => {
    expect(capText('1\n2\n3\n4', 2, 100)).toEqual({ shown: '1\n2', capped: true });
    expect(capText('abcdefgh', 10, 5)).toEqual({ shown: 'abcde', capped: true });
  });
});
