import { ApiError, badRequest, entityNotFound } from '../../../http/errors.ts';

/** The errors of `/downloads`, worded as Alfresco's DownloadsImpl words them. */
export const downloadErrors = {
  empty: () => badRequest('Cannot create an archive with 0 entries.'),
  duplicate: () => badRequest('Cannot specify the same nodeId twice'),
  /** No such download, or another person's: the same answer, so ids reveal nothing. */
  notFound: (id: string) => entityNotFound(id),
  /** The person has DOWNLOAD_MAX_PER_PERSON downloads already (finished ones count until swept). */
  tooMany: (most: number) =>
    new ApiError(
      429,
      'framework.exception.TooManyRequests',
      `At most ${most} downloads per person are kept at once: delete a finished one (DELETE /downloads/{id}) or wait for it to be removed`,
    ),
  /** The zip of a download that is not DONE (yet, or ever). */
  notReady: (id: string, status: string) =>
    new ApiError(404, 'framework.exception.EntityNotFound', `The content of download ${id} is not ready: ${status}`),
};
