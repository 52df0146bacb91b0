import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS } from '../../scripts/server-command.ts';
import { trackChild, untrackChild } from './cleanup.ts';
import { API, request } from './http.ts';
import { readMem, sleep, type MemInfo } from './proc.ts';
import { since } from './stats.ts';

/** The repository root (where package.json is). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerHandle {
  pid: number;
  baseUrl: string;
  /** baseUrl + the REST API base path. */
  apiUrl: string;
  /** Milliseconds from spawn() until the ready path first answered 200. */
  readyMs: number;
  mem(): MemInfo | undefined;
  /** The last few KiB the process wrote to stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** A file relative to the repository root: .js runs with plain node, .ts with `node --import tsx`. */
  script: string;
  env?: Record<string, string>;
  readyPath: string;
  timeoutMs?: number;
  /** Interval between ready-probe attempts (default 5 ms). */
  pollMs?: number;
  /** Node options before the script (Quire's bundle: those `npm start` gives it). */
  nodeOptions?: readonly string[];
  /** A command that runs node (`valgrind --tool=callgrind …`): the handle's pid is then its process. */
  launcher?: readonly string[];
}

/** Quire's configuration keys: never inherited from the caller's environment. */
const CONFIG_ENV = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'ADMIN_PASSWORD',
  'CONTENT_MAX_FILE_BYTES',
  'CONTENT_QUOTA_BYTES',
  'NAME_POLICY',
  'LOG_LEVEL',
];

export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the script on a free port — `node <script>` for JavaScript (the server bundle),
 * `node --import tsx <script>` for TypeScript — and waits until `readyPath` answers 200.
 */
export async function spawnServer(options: SpawnOptions): Promise<ServerHandle> {
  const port = await getFreePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CONFIG_ENV) delete env[key];
  Object.assign(env, options.env, { PORT: String(port), HOST: '127.0.0.1' });

  const start = process.hrtime.bigint();
  // BENCH_NODE_ARGS: extra node options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const loader = options.script.endsWith('.js') ? [] : ['--import', 'tsx'];
  // After the script's own options, so that BENCH_NODE_ARGS can override them (V8 takes a flag's last value).
  const args = [...(options.nodeOptions ?? []), ...nodeArgs, ...loader, options.script];
  const [command, ...launcherArgs] = [...(options.launcher ?? []), process.execPath];
  const child = spawn(command!, [...launcherArgs, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn ${options.script}`);
  trackChild(pid);

  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-8192);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exitCode: number | string | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal;
      untrackChild(pid);
      resolve();
    }),
  );

  const stop = async () => {
    if (exitCode !== undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${options.script} exited (${exitCode}) before it was ready:\n${tail}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.script} was not ready within ${options.timeoutMs ?? 30_000} ms:\n${tail}`);
    }
    const res = await request(baseUrl + options.readyPath, { timeoutMs: 2000 }).catch(() => undefined);
    if (res?.status === 200) break;
    await sleep(options.pollMs ?? 5);
  }
  const readyMs = since(start);

  return { pid, baseUrl, apiUrl: baseUrl + API, readyMs, mem: () => readMem(pid), output: () => tail, stop };
}

/**
 * The server as `npm start` runs it: the bundle `dist-server/main.js` (`npm run bench` builds it
 * first) with the same node options (scripts/server-command.ts), with SQLite in `dataDir`.
 */
export function spawnQuire(
  dataDir: string,
  env: Record<string, string> = {},
  options: Pick<SpawnOptions, 'launcher' | 'timeoutMs'> = {},
): Promise<ServerHandle> {
  return spawnServer({
    // BENCH_SERVER_SCRIPT: another build's bundle, to compare two builds in one run.
    script: process.env.BENCH_SERVER_SCRIPT ?? SERVER_BUNDLE,
    nodeOptions: SERVER_NODE_OPTIONS,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'admin', ...env },
    readyPath: `${API}/probes/-ready-`,
    ...options,
  });
}
