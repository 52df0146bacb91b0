import type { components } from '../../../../../openapi/schema.gen.ts';
import { formatDate } from '../../../http/json.ts';
import type { DownloadRow } from './downloads.repository.ts';

export type DownloadJson = components['schemas']['Download'];
type NodeJson = components['schemas']['Node'];

/** The download's status as Alfresco's `Download` model gives it (nodeIds are not echoed). */
export function toDownloadJson(row: DownloadRow): DownloadJson {
  return {
    id: row.id,
    bytesAdded: Number(row.bytesAdded),
    filesAdded: Number(row.filesAdded),
    status: row.status,
    totalBytes: Number(row.totalBytes),
    totalFiles: Number(row.totalFiles),
  };
}

/**
 * The download as a node (`GET /nodes/{downloadId}`), as in Alfresco where a download is a
 * `download:download` node: ADF reads its `name` to save the zip under.
 */
export function toDownloadNodeJson(row: DownloadRow, creator: { id: string; displayName: string }): NodeJson {
  const json: NodeJson = {
    id: row.id,
    name: row.name,
    nodeType: 'download:download',
    isFolder: false,
    isFile: true,
    createdAt: formatDate(Number(row.createdAt)),
    createdByUser: creator,
    modifiedAt: formatDate(Number(row.modifiedAt)),
    modifiedByUser: creator,
  };
  json.content = { mimeType: 'application/zip', mimeTypeName: 'ZIP', sizeInBytes: Number(row.sizeInBytes ?? 0) };
  return json;
}
