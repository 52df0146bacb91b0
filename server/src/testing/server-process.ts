import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_NODE_OPTIONS } from '../../../scripts/server-command.ts';
import { bundled } from './bundles.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const READY = '/alfresco/api/-default-/public/alfresco/versions/1/probes/-ready-';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * The real server as a child process, as `npm start` runs it (`node <its options> main.js`, the sources
 * bundled as build:server bundles them: built once, see bundles.ts), with only PATH and `env` in its environment.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, bundled('server/src/main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Polls the readiness probe until it answers. Starting the server takes under a second alone
 * but several on a 2-core machine that also runs the browser suite, so the wait is long; a
 * process that exits stops the wait at once with its output.
 */
export async function waitForReady(port: number, proc: ServerProcess): Promise<void> {
  let exited = false;
  void proc.exited.then(() => (exited = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !exited) {
    const ok = await fetch(`http://127.0.0.1:${port}${READY}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not become ready${exited ? ' (it exited)' : ' in 60 s'}:\n${proc.output()}`);
}

/** Ends the process with `signal` (SIGKILL by default) unless it has exited; resolves once it has. */
export async function stopServerProcess(proc: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  await proc.exited;
}

/** A TCP port nothing listens on now (the system picks it; free again once this returns). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
