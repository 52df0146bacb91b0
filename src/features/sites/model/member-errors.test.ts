import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.ts';
import { describeMemberError } from './member-errors.ts';

const refusal = (status: number, briefSummary: string) => new ApiError(status, { statusCode: status, briefSummary });

describe('describeMemberError', () => {
  it('explains the last-manager rule for a removal (400) and a demotion (422)', () => {
    for (const error of [
      refusal(400, "04110001 Can't remove the last SiteManager of site marketing"),
      refusal(422, "04110002 Can't demote the last SiteManager of site marketing"),
    ]) {
      expect(describeMemberError(error)).toMatch(/^A site must keep at least one manager/);
      expect(describeMemberError(error)).toContain('last SiteManager of site marketing');
    }
  });

  it('says who may change members when the caller may not (422 to change or remove, 403 to add)', () => {
    const words = 'Only the site’s managers and administrators can change its members.';
    expect(
      describeMemberError(refusal(422, '04110003 You do not have permission to change the membership of site x')),
    ).toBe(words);
    expect(describeMemberError(refusal(403, '04110004 Permission was denied'))).toBe(words);
  });

  it('repeats an existing member and leaves other errors to the usual words', () => {
    expect(describeMemberError(refusal(409, 'carol is already a member of site x'))).toBe(
      'carol is already a member of site x.',
    );
    expect(
      describeMemberError(refusal(400, 'Cannot change the membership of dave: not a member of site x')),
    ).not.toMatch(/manager/);
  });
});
