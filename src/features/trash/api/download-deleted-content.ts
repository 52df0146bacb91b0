import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/errors.ts';

/** Where the browser saves a downloaded blob (tests replace it). */
export const saver = {
  save(blob: Blob, name: string) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  },
};

/**
 * `GET /deleted-nodes/{nodeId}/content`: a trashed file's content. There is no direct access URL
 * for trash items, so the app fetches it with the ticket in the Authorization header (never in a
 * URL) and saves the bytes under the file's name.
 */
export async function downloadDeletedContent({ nodeId, name }: { nodeId: string; name: string }) {
  const result = await api.GET('/deleted-nodes/{nodeId}/content', {
    params: { path: { nodeId }, query: { attachment: true } },
    parseAs: 'blob',
  });
  saver.save(unwrap(result) as Blob, name);
}

export function useDownloadDeletedContent() {
  return useMutation({ mutationFn: downloadDeletedContent });
}
