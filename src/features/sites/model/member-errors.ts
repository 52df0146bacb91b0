import { ApiError, describeError } from '../../../lib/errors.ts';

/** A refused membership change in plain words (the last manager, an existing member), else the usual. */
export function describeMemberError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 422 && /last SiteManager/i.test(error.briefSummary ?? '')) {
      return `A site must keep at least one manager, so the last one can be neither removed nor given another role. Make someone else a manager first. (The repository said: ${error.briefSummary})`;
    }
    if (error.status === 409 && /already a member/i.test(error.briefSummary ?? '')) {
      return `${error.briefSummary}.`;
    }
    if (error.status === 403) return 'Only the site’s managers and administrators can change its members.';
  }
  return describeError(error);
}
