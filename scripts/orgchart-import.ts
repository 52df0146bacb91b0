/**
 * `npm run orgchart:import -- FILE.json`: loads a whole organisation chart (units, jobs, members)
 * into the repository that DATA_DIR / DATABASE_URL name, as the server would read them. The file
 * is checked first and every problem is printed with its JSON path; a file with problems changes
 * nothing. Then it is applied in one transaction. Format: docs/orgchart.md.
 * Exit status: 0 imported, 1 problems (nothing changed), 2 usage or configuration errors.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/database.ts';
import { createGroupsRepository } from '../server/src/modules/groups/groups.repository.ts';
import type { ImportReport, ImportSummary } from '../server/src/modules/orgchart/orgchart.importer.ts';
import { createOrgchartRepository } from '../server/src/modules/orgchart/orgchart.repository.ts';
import { createOrgchartService } from '../server/src/modules/orgchart/orgchart.service.ts';
import { createAclsRepository } from '../server/src/modules/permissions/acls.repository.ts';
import { createAclsService } from '../server/src/modules/permissions/acls.service.ts';

/** Reads the file and imports it into the configured repository. */
export async function runImport(file: string, env: NodeJS.ProcessEnv = process.env): Promise<ImportReport> {
  const text = await readFile(file, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [{ path: '(root)', message: `not valid JSON: ${(error as Error).message}` }] };
  }
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const service = createOrgchartService({
      db: database.db,
      repos: { orgchart: createOrgchartRepository(), groups: createGroupsRepository() },
      acls: createAclsService(createAclsRepository()),
    });
    return await service.importChart(json);
  } finally {
    await database.close();
  }
}

function describe(s: ImportSummary): string {
  const u = s.units;
  const m = s.memberships;
  const j = s.jobs;
  return [
    `${u.total} units (${u.created} created, ${u.updated} updated, ${u.deleted} deleted)`,
    `${m.total} memberships (${m.added} added, ${m.removed} removed)`,
    `${j.total} jobs (${j.created} created, ${j.updated} renamed, ${j.deleted} deleted)`,
    `${s.assignments} people with a job`,
  ].join(', ');
}

async function main(): Promise<void> {
  const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!file) {
    console.error('usage: npm run orgchart:import -- FILE.json   (the repository of DATA_DIR or DATABASE_URL)');
    process.exit(2);
  }
  let report: ImportReport;
  try {
    report = await runImport(file);
  } catch (error) {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    console.error(`orgchart:import: ${message}`);
    process.exit(2);
  }
  if (!report.ok) {
    const n = report.problems.length;
    console.error(`${file}: ${n} problem${n === 1 ? '' : 's'}; nothing was changed.`);
    for (const p of report.problems) console.error(`  ${p.path}: ${p.message}`);
    process.exit(1);
  }
  console.log(`${file}: imported ${describe(report.summary)}.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
