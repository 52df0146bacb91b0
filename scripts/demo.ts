/**
 * `npm run demo`: the server (as `npm start` runs it) on a sample repository in ./data-demo,
 * created through the API on the first run. `npm run demo -- --reset` starts again from scratch.
 * DEMO_DATA_DIR, PORT and HOST are honoured; the admin password is `admin` unless ADMIN_PASSWORD says otherwise.
 * The demo server runs with PASSWORD_MIN_LENGTH=4 (unless set), so that the demo password `demo` is accepted.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, DEMO_PEOPLE, seedDemo } from './demo-data.ts';
import { serverArgs } from './server-command.ts';

const dataDir = path.resolve(process.env.DEMO_DATA_DIR ?? 'data-demo');
const marker = path.join(dataDir, '.demo-seeded');
const port = process.env.PORT ?? '8080';
const host = process.env.HOST ?? '127.0.0.1';
const adminPassword = process.env.ADMIN_PASSWORD ?? 'admin';

if (process.argv.includes('--reset') && existsSync(dataDir)) {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`demo: removed ${dataDir}`);
}

const seeded = existsSync(marker);
if (!seeded && existsSync(dataDir)) {
  console.error(`demo: ${dataDir} exists but holds no complete demo repository: run \`npm run demo -- --reset\``);
  process.exit(2);
}

const server = spawn(process.execPath, serverArgs(), {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: host,
    ADMIN_PASSWORD: adminPassword,
    // The demo people's password `demo` is 4 characters: the demo allows it (the default minimum is 8).
    PASSWORD_MIN_LENGTH: process.env.PASSWORD_MIN_LENGTH ?? '4',
  },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

const baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

async function ready(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${baseUrl}/alfresco/api/-default-/public/alfresco/versions/1/probes/-ready-`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become ready within 30 s');
}

async function main(): Promise<void> {
  await ready();
  if (!seeded) {
    console.log('demo: creating the sample repository…');
    await seedDemo(baseUrl, adminPassword);
    writeFileSync(marker, new Date().toISOString());
  }
  const people = DEMO_PEOPLE.map((p) => `${p.id} (${p.jobTitle})`).join(', ');
  console.log(`\ndemo: open ${baseUrl}/ and sign in as admin / ${adminPassword},`);
  console.log(`      or as ${people} with the password "${DEMO_PASSWORD}" (erin is disabled).\n`);
}

main().catch((error: unknown) => {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  server.kill('SIGTERM');
  process.exitCode = 1;
});
