/**
 * The server the e2e suite runs against: the built server and app (`npm run build`), on a fresh
 * data directory holding the demo repository (`scripts/demo-data.ts`: people alice…erin with the
 * password `demo`, sites, folders, favorites, an org chart), removed when the server stops.
 *
 * The demo data is created through the API by a first server on a private port, which is then
 * stopped; only then does the server on E2E_PORT start, so Playwright's readiness check never
 * sees a half-seeded repository.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDemo } from '../../scripts/demo-data.ts';
import { serverArgs } from '../../scripts/server-command.ts';

const port = process.env.E2E_PORT ?? '8181';
const seedPort = String(Number(port) + 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'quire-e2e-'));

const startServer = (listenOn: string): ChildProcess =>
  spawn(process.execPath, serverArgs(), {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: listenOn,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'admin',
      // The demo people's password `demo` is 4 characters (the default minimum is 8).
      PASSWORD_MIN_LENGTH: '4',
      // 20 MiB: the 413 journey uploads a little more; no other spec comes near it.
      CONTENT_MAX_FILE_BYTES: String(20 * 1024 * 1024),
    },
  });

async function waitReady(baseUrl: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${baseUrl}/alfresco/api/-default-/public/alfresco/versions/1/probes/-ready-`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the seeding server did not become ready within 30 s');
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => child.once('exit', () => resolve()));

const seeder = startServer(seedPort);
try {
  await waitReady(`http://127.0.0.1:${seedPort}`);
  await seedDemo(`http://127.0.0.1:${seedPort}`, 'admin');
} catch (error) {
  console.error('e2e: seeding the demo repository failed:', error);
  seeder.kill('SIGTERM');
  await exited(seeder);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
seeder.kill('SIGTERM');
await exited(seeder);

const child = startServer(port);
const stop = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
