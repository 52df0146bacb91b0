import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/errors.ts';
import { alternativeName, type ClashAnswer, clashResolver, type ClashItem, isNameClash } from './transfer-clash.ts';

const clash = (name: string) =>
  new ApiError(409, { briefSummary: `10270001 Duplicate child name not allowed: ${name}` });
const file = (name: string): ClashItem => ({ id: name, name, isFolder: false });
const folder = (name: string): ClashItem => ({ id: name, name, isFolder: true });

/** A target folder holding `taken`; attempts add the name they land under. */
function target(taken: string[]) {
  const names = new Set(taken.map((n) => n.toLowerCase()));
  return vi.fn(async (item: ClashItem, name?: string) => {
    const landed = name ?? item.name;
    if (names.has(landed.toLowerCase())) throw clash(landed);
    names.add(landed.toLowerCase());
    return landed;
  });
}

describe('alternativeName', () => {
  it('puts the number before the extension, at the end, or in front of a leading dot', () => {
    expect(alternativeName('report.pdf', 1)).toBe('report-1.pdf');
    expect(alternativeName('d1-2.txt', 3)).toBe('d1-2-3.txt');
    expect(alternativeName('f1', 2)).toBe('f1-2');
    expect(alternativeName('.hidden', 1)).toBe('1.hidden');
  });
});

describe('isNameClash', () => {
  it('is a 409 about a taken name, not a lock', () => {
    expect(isNameClash(clash('a.txt'))).toBe(true);
    expect(isNameClash(new ApiError(409, { briefSummary: 'The node is locked' }))).toBe(false);
    expect(isNameClash(new ApiError(404))).toBe(false);
  });
});

describe('clashResolver', () => {
  const steps = (attempt: ReturnType<typeof target>, answers: ClashAnswer[]) => ({
    attempt,
    replace: vi.fn(async (item: ClashItem) => `replaced ${item.name}`),
    ask: vi.fn(async () => answers.shift() ?? { choice: 'skip' as const, applyToAll: false }),
  });

  it('does not ask when nothing clashes', async () => {
    const s = steps(target([]), []);
    const run = clashResolver(s, 1);
    expect(await run(file('a.txt'))).toEqual({ kind: 'done', value: 'a.txt' });
    expect(s.ask).not.toHaveBeenCalled();
  });

  it('keeps both under the next free name, trying again while the alternative is taken', async () => {
    const s = steps(target(['a.txt', 'a-1.txt', 'A-2.txt']), [{ choice: 'keep-both', applyToAll: false }]);
    expect(await clashResolver(s, 1)(file('a.txt'))).toEqual({ kind: 'renamed', value: 'a-3.txt', name: 'a-3.txt' });
  });

  it('asks once when the answer is for all, and says how many items remain', async () => {
    const s = steps(target(['a.txt', 'b.txt']), [{ choice: 'keep-both', applyToAll: true }]);
    const run = clashResolver(s, 3);
    await run(file('a.txt'));
    await run(file('b.txt'));
    await run(file('c.txt'));
    expect(s.ask).toHaveBeenCalledTimes(1);
    expect(s.ask).toHaveBeenCalledWith({ item: file('a.txt'), remaining: 2 });
  });

  it('replaces a file, skips, and asks again for a folder when replace was chosen for all', async () => {
    const s = steps(target(['a.txt', 'f']), [
      { choice: 'replace', applyToAll: true },
      { choice: 'skip', applyToAll: false },
    ]);
    const run = clashResolver(s, 2);
    expect(await run(file('a.txt'))).toEqual({ kind: 'replaced', value: 'replaced a.txt' });
    expect(await run(folder('f'))).toEqual({ kind: 'skipped' });
    expect(s.ask).toHaveBeenCalledTimes(2);
  });

  it('lets other failures through', async () => {
    const s = steps(target([]), []);
    s.attempt.mockRejectedValueOnce(new ApiError(403));
    await expect(clashResolver(s, 1)(file('a.txt'))).rejects.toBeInstanceOf(ApiError);
  });
});
