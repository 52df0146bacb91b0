/**
 * The folders a picked or dropped file sits in, below the folder it goes to: `a/b` for
 * `a/b/c.txt` (webkitRelativePath) or `/a/b/c.txt` / `./a/b/c.txt` (react-dropzone's `path`).
 */
export function folderPathOf(path: string | undefined): string | undefined {
  if (!path) return undefined;
  const parts = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  parts.pop();
  return parts.length > 0 ? parts.join('/') : undefined;
}
