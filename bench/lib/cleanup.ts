import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Everything the benchmarks must undo, even when one of them throws or the run is interrupted:
 * temporary directories and child processes (killed by pid, never by name).
 */
const tempDirs = new Set<string>();
const children = new Set<number>();

/** BENCH_TMP overrides where scratch data goes (default: the OS temp dir, /tmp). */
export const tempRoot = (): string => process.env.BENCH_TMP || os.tmpdir();

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tempRoot(), `quire-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

export const trackChild = (pid: number): void => void children.add(pid);
export const untrackChild = (pid: number): void => void children.delete(pid);

/** Synchronous so it can run in an 'exit' handler. */
export function cleanupAll(): void {
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

let installed = false;
/** Cleans up on normal exit, on an uncaught error and on Ctrl-C / SIGTERM. */
export function installCleanupHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanupAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      cleanupAll();
      process.exit(130);
    });
  }
}
