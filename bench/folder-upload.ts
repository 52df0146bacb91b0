/**
 * Benchmark: a folder of BENCH_FOLDER_FILES small files (default 300, in 10 subfolders) uploaded
 * through the web app as a person does it (Upload → Folder…), in Debian's Chromium, until the
 * upload panel says all are uploaded. The app runs against the server bundle with the built web
 * app (`npm run build:web` first). The rate is the app's: the server alone takes such uploads far
 * faster (the creates benchmark), so a drop here is the app's work per file growing again.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { createFolder } from './lib/http.ts';
import { log, row, type Row } from './lib/report.ts';
import { ROOT, spawnQuire } from './lib/server.ts';
import { fmt, since } from './lib/stats.ts';

const GROUP = 'Web app';
const FILES = Number(process.env.BENCH_FOLDER_FILES ?? 300);

/** The folder to pick: FILES text files of about 1.6 KiB in d0 … d9. */
function writeFolder(root: string): void {
  for (let i = 0; i < FILES; i++) {
    const dir = path.join(root, `d${i % 10}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `file-${i}.txt`), `file ${i} `.repeat(200));
  }
}

/** Debian's Chromium, as the e2e suite finds it (e2e/support/browser.ts), headless shell first. */
const BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export async function runFolderUpload(): Promise<Row[]> {
  const measure = `Folder of ${fmt(FILES, 0)} files uploaded through the app (Chromium): seconds; files/s`;
  const executablePath = BROWSERS.find((file) => existsSync(file));
  if (!executablePath) return [row(GROUP, measure, 'not run: no Chromium (npm run e2e installs it)')];
  execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: ROOT, stdio: 'ignore' });
  const dir = makeTempDir('folder-upload');
  const picked = path.join(dir, 'picked', 'docs');
  writeFolder(picked);
  const server = await spawnQuire(path.join(dir, 'data'));
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const folder = await createFolder(server.apiUrl, '-my-', 'target');
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/login?next=${encodeURIComponent(`/browse/${folder}`)}`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    await upload.waitFor();
    const chooser = page.waitForEvent('filechooser');
    await upload.click();
    await page.getByRole('menuitem', { name: 'Folder…' }).click();
    const start = process.hrtime.bigint();
    await (await chooser).setFiles(picked);
    await page
      .getByRole('region', { name: 'Uploads' })
      .getByRole('heading')
      .filter({ hasText: `${FILES} of ${FILES} uploaded` })
      .waitFor({ timeout: 600_000 });
    const seconds = since(start) / 1000;
    log(`  ${fmt(FILES, 0)} files in ${fmt(seconds)} s`);
    return [row(GROUP, measure, `${fmt(seconds, 1)}; ${fmt(FILES / seconds, 1)}`)];
  } finally {
    await browser.close();
    await server.stop();
    removeTempDir(dir);
  }
}
