import { ApiError, describeError } from '../../../lib/errors.ts';

const GIVE_ANOTHER = 'Give them another job, or none, first.';

/**
 * Why a job could not be deleted, plainly. The server refuses (409) while someone has the job; its
 * message says how many people do ("the job of 2 people"), and is shown as it is when it does not.
 */
export function describeJobDeleteError(error: unknown): string {
  if (!(error instanceof ApiError) || error.status !== 409) return describeError(error);
  const summary = error.briefSummary;
  const count = summary ? /\b(\d+)\s+(?:people|persons?|members?)\b/i.exec(summary)?.[1] : undefined;
  if (count !== undefined) {
    const n = Number(count);
    return `${n} ${n === 1 ? 'person has' : 'people have'} this job, so it cannot be deleted. ${GIVE_ANOTHER}`;
  }
  const said = summary ? ` The server said: “${summary}”` : '';
  return `Someone has this job, so it cannot be deleted. ${GIVE_ANOTHER}${said}`;
}
