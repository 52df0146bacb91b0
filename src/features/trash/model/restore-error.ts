import { ApiError, describeError } from '../../../lib/errors.ts';

/** Why a restore failed, in words, and whether another folder would do (the original one is gone). */
export interface RestoreProblem {
  text: string;
  isFolderGone: boolean;
}

/**
 * 404 on a restore without a target: the folder it was deleted from is gone (or in the trash);
 * 409: its name is taken there. `place` is where it was deleted from, as the page shows it.
 */
export function restoreProblem(
  error: unknown,
  name: string,
  place: string | undefined,
  hasTarget: boolean,
): RestoreProblem {
  if (error instanceof ApiError && error.status === 404 && !hasTarget) {
    return {
      text: `“${name}” cannot go back: the folder it was deleted from is gone, or is in the trash itself. Restore that folder first, or restore “${name}” into another folder.`,
      isFolderGone: true,
    };
  }
  if (error instanceof ApiError && error.status === 409) {
    return {
      text: `An item named “${name}” is already ${place ? `in ${place}` : 'there'}. Rename or move that item, then restore again.`,
      isFolderGone: false,
    };
  }
  return { text: describeError(error), isFolderGone: false };
}
