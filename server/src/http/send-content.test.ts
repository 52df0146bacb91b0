import { describe, expect, it } from 'vitest';
import { dispositionOf } from './send-content.ts';

describe('dispositionOf', () => {
  it('quotes an ASCII form and percent-encodes the exact name', () => {
    expect(dispositionOf('attachment', 'a.txt')).toBe(`attachment; filename="a.txt"; filename*=UTF-8''a.txt`);
    expect(dispositionOf('inline', '日本 "x".pdf')).toBe(
      `inline; filename="?? \\"x\\".pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%20%22x%22.pdf`,
    );
    expect(dispositionOf('attachment', "it's (1)*.txt")).toBe(
      `attachment; filename="it's (1)*.txt"; filename*=UTF-8''it%27s%20%281%29%2A.txt`,
    );
  });
});
