import { ApiError, describeError } from '../../../lib/errors.ts';

/**
 * A refused membership change in plain words (the last manager, an existing member, no right to
 * change members), else the usual. As in Alfresco, removing the last manager is 400 and demoting
 * it 422; a caller who may not change or remove members gets 422, one who may not add them 403.
 */
export function describeMemberError(error: unknown): string {
  if (error instanceof ApiError) {
    const summary = error.briefSummary ?? '';
    if ((error.status === 400 || error.status === 422) && /last SiteManager/i.test(summary)) {
      return `A site must keep at least one manager, so the last one can be neither removed nor given another role. Make someone else a manager first. (The repository said: ${summary})`;
    }
    if (error.status === 409 && /already a member/i.test(summary)) {
      return `${summary}.`;
    }
    if (error.status === 403 || (error.status === 422 && /permission/i.test(summary))) {
      return 'Only the site’s managers and administrators can change its members.';
    }
  }
  return describeError(error);
}
