import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.ts';
import { restoreProblem } from './restore-error.ts';

describe('restoreProblem', () => {
  it('says the original folder is gone on a 404 without a target, and offers another folder', () => {
    const problem = restoreProblem(new ApiError(404), 'plan.txt', undefined, false);
    expect(problem.isFolderGone).toBe(true);
    expect(problem.text).toContain('“plan.txt” cannot go back: the folder it was deleted from is gone');
  });

  it('a 404 with a target is the target gone: the usual words', () => {
    const problem = restoreProblem(new ApiError(404), 'plan.txt', undefined, true);
    expect(problem).toEqual({ text: 'This item does not exist any more, or you cannot see it.', isFolderGone: false });
  });

  it('names the place on a name clash', () => {
    const problem = restoreProblem(new ApiError(409), 'plan.txt', 'Marketing / Campaigns', false);
    expect(problem.text).toBe(
      'An item named “plan.txt” is already in Marketing / Campaigns. Rename or move that item, then restore again.',
    );
  });
});
