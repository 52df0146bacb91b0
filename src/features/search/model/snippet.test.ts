import { describe, expect, it } from 'vitest';
import { bestSnippet, MATCH_END as E, MATCH_START as S, nameSnippet, snippetText, splitSnippet } from './snippet.ts';

describe('splitSnippet', () => {
  it('splits on the markers into text and matches', () => {
    expect(splitSnippet(`the ${S}zeppelin${E} fleet and ${S}zeppelins${E}`)).toEqual([
      { text: 'the ', isMatch: false },
      { text: 'zeppelin', isMatch: true },
      { text: ' fleet and ', isMatch: false },
      { text: 'zeppelins', isMatch: true },
    ]);
    expect(splitSnippet('no match at all')).toEqual([{ text: 'no match at all', isMatch: false }]);
    expect(splitSnippet('')).toEqual([]);
  });

  it('keeps hostile markup as text, never as elements', () => {
    const hostile = `<img src=x onerror="alert(1)"> ${S}<script>alert(2)</script>${E} &lt;b&gt;`;
    expect(splitSnippet(hostile)).toEqual([
      { text: '<img src=x onerror="alert(1)"> ', isMatch: false },
      { text: '<script>alert(2)</script>', isMatch: true },
      { text: ' &lt;b&gt;', isMatch: false },
    ]);
  });

  it('copes with stray, unclosed and doubled markers', () => {
    expect(splitSnippet(`a${E}b`)).toEqual([{ text: 'ab', isMatch: false }]);
    expect(splitSnippet(`a${S}b`)).toEqual([
      { text: 'a', isMatch: false },
      { text: 'b', isMatch: true },
    ]);
    expect(splitSnippet(`${S}${S}x${E}${E}`)).toEqual([{ text: 'x', isMatch: true }]);
    expect(splitSnippet(`${S}${E}`)).toEqual([]);
    expect(snippetText(`${S}lemur${E}-report.txt`)).toBe('lemur-report.txt');
  });

  it('keeps characters outside the BMP whole', () => {
    expect(splitSnippet(`😀${S}é${E}`)).toEqual([
      { text: '😀', isMatch: false },
      { text: 'é', isMatch: true },
    ]);
  });
});

describe('bestSnippet and nameSnippet', () => {
  const highlight = [
    { field: 'cm:name', snippets: [`${S}plan${E}.txt`] },
    { field: 'cm:title', snippets: ['title'] },
    { field: 'cm:content', snippets: ['content words'] },
  ];
  it('prefers the content, then description, then title', () => {
    expect(bestSnippet(highlight)).toEqual({ field: 'cm:content', snippet: 'content words' });
    expect(bestSnippet(highlight.slice(0, 2))).toEqual({ field: 'cm:title', snippet: 'title' });
    expect(bestSnippet([highlight[0]!])).toBeUndefined();
    expect(bestSnippet(undefined)).toBeUndefined();
    expect(nameSnippet(highlight)).toBe(`${S}plan${E}.txt`);
  });
});
