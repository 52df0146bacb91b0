import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root (the folder with package.json and openapi/), found upwards from this
 * module — the same from server/src/ (tsx) and from the bundle in dist-server/.
 */
export const PROJECT_ROOT: string = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'openapi', 'openapi.yaml'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (openapi/openapi.yaml) above the server code');
    dir = parent;
  }
  return dir;
})();
