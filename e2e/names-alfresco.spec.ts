/**
 * NAME_POLICY=alfresco: a second server of the built app on its own port and data directory
 * (the suite's server runs the default, strict), so the app's name checks follow the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverArgs } from '../scripts/server-command.ts';
import { aFolder, childNames, unique } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const port = String(Number(process.env.E2E_PORT ?? 8181) + 2000);
const baseURL = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let dataDir: string | undefined;

test.use({ baseURL });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'quire-e2e-alfresco-'));
  server = spawn(process.execPath, serverArgs(), {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: port,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'admin',
      NAME_POLICY: 'alfresco',
    },
  });
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${baseURL}/alfresco/api/-default-/public/alfresco/versions/1/probes/-ready-`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the NAME_POLICY=alfresco server did not become ready within 30 s');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('NAME_POLICY=alfresco: spaced names go through as they are; only what Alfresco refuses is refused', async ({
  page,
  request,
  signedIn,
}, testInfo) => {
  const parent = await aFolder(request, unique('Alfresco'));
  const root = testInfo.outputPath('My Docs');
  await mkdir(path.join(root, 'Sub Folder'), { recursive: true });
  await writeFile(path.join(root, 'Annual report.txt'), 'figures');
  await writeFile(path.join(root, 'Sub Folder', 'meeting notes.txt'), 'notes');
  await signedIn.goto(parent.id);
  await signedIn.expectFolder(parent.name);

  await signedIn.uploadThroughButton('Folder…', root);
  await expect(signedIn.uploads()).toContainText('2 of 2 uploaded');
  await expect(page.getByRole('dialog', { name: 'Names the repository does not accept' })).toHaveCount(0);
  expect(await childNames(request, parent.id)).toEqual(['My Docs']);

  const dialog = await signedIn.typeNewFolder('Team Notes.');
  await expect(dialog.getByText('A name cannot end with a dot.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use “Team Notes”' }).click();
  await expect(dialog.getByText(/cannot contain spaces/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(signedIn.row('Team Notes')).toBeVisible();
});
