import {
  ApiError,
  badRequest,
  conflict,
  entityNotFound,
  insufficientStorage,
  integrity,
  permissionDenied,
} from '../../../http/errors.ts';

export const nodeErrors = {
  notFound: (id: string) => entityNotFound(id),
  duplicateName: (name: string) => conflict(`Duplicate child name not allowed: ${name}`),
  nameExistsInTarget: (name: string) => conflict(`Name already exists in target parent: ${name}`),
  notAFolder: (id: string) => badRequest(`NodeId of folder is expected: ${id}`),
  notAFile: (id: string) => badRequest(`NodeId of file is expected: ${id}`),
  parentIsFile: (id: string) =>
    integrity(
      `Found 1 integrity violations:\nThe association child type is not allowed: a file (${id}) cannot contain children`,
    ),
  badType: (type: string) => badRequest(`Invalid type: ${type}. Expected a type of cm:content or cm:folder`),
  specialNode: (action: string) => permissionDenied(`The repository's system folders cannot be ${action}`),
  siteNode: (action: string) => permissionDenied(`A site cannot be ${action} as a node: use /sites`),
  notPermanentlyDeletable: (id: string) => permissionDenied(`Non-owner/non-admin cannot permanently delete: ${id}`),
  /** Alfresco's answer to a lock of Company Home, Data Dictionary, Sites or a site. */
  specialNodeNotLockable: (id: string) => permissionDenied(`Current user doesn't have permission to lock node ${id}`),
  /** MAX_FOLDER_DEPTH: a folder would lie deeper than the limit. */
  tooDeep: (limit: number, level: number) =>
    integrity(
      `Folders may be at most ${limit} levels below Company Home (MAX_FOLDER_DEPTH); this would put one at level ${level} or deeper`,
    ),
  /** A lock on the node (or below it) does not let the caller change it. */
  locked: (id: string) =>
    new ApiError(
      409,
      'framework.exception.ApiDefault',
      `Cannot perform operation since the node (id:${id}) is locked.`,
    ),
  /** The repository's storage quota (CONTENT_QUOTA_BYTES) would be exceeded. */
  quotaExceeded: (quotaBytes: number) =>
    insufficientStorage(`The repository's storage quota of ${quotaBytes} bytes would be exceeded`),
  /** The owner's content quota would be exceeded. */
  personQuotaExceeded: (personId: string, quota: number) =>
    insufficientStorage(`The content quota of ${personId} (${quota} bytes) would be exceeded`),
  siteNotCopyable: (id: string) => integrity(`Sites, their containers and the Sites folder cannot be copied: ${id}`),
};
