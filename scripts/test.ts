/**
 * `npm test`: every check and test suite, in lanes that run at the same time.
 *
 *   checks    contract check → type check → ESLint → Prettier
 *   vitest    web components, unit tests, server API tests (SQLite, and PostgreSQL with TEST_DATABASE_URL)
 *   e2e       find or install a browser → build → Playwright, the spec files of the first part
 *   e2e-late  Playwright, the other spec files (e2e/support/parts.ts), once the vitest lane or the
 *             first e2e part has ended, whichever ends first
 *
 * The e2e suite is split because it is the longest lane and a Playwright worker with its browser and
 * server keeps about 1.5 cores busy: while the vitest lane runs, a second worker would only slow
 * every lane; once one of them ends, the second part takes the core it leaves (ADR 0017).
 *
 * The steps of one lane run in order and a lane stops at its first failing step; the other lanes go
 * on, so one run reports every failure. Each output line is prefixed with its lane; the whole output
 * of each lane is also kept in test-results/lanes/<lane>.log. A table of steps, times and results
 * ends the run, and the exit code is 1 when any step failed.
 *
 * `npm test -- checks vitest` runs only the lanes named (`e2e` both parts of the e2e suite).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Starts once one of these lanes has ended (of those that run) and this step (lane/step) has passed. */
  after?: { oneOf: string[]; passed: string };
}

const node = (script: string, ...args: string[]) => [process.execPath, '--import', 'tsx', script, ...args];
const bin = (name: string, ...args: string[]) => [process.execPath, `node_modules/.bin/${name}`, ...args];

const LANES: Record<string, Step[]> = {
  checks: [
    { name: 'contract', command: node('openapi/generate.ts', '--check') },
    { name: 'typecheck', command: bin('tsc', '-b') },
    { name: 'eslint', command: bin('eslint', '.') },
    { name: 'prettier', command: bin('prettier', '--check', '--log-level', 'warn', '.') },
  ],
  // Two workers at least: Vitest's default (one less than the cores) is one here, and one worker
  // waits on PostgreSQL, disk syncs and timers about half the time (alone 651 s wall for 7.4 min
  // of CPU; with two, 341 s for 7.1). ADR 0017.
  vitest: [
    {
      name: 'vitest',
      command: bin('vitest', 'run'),
      env: { VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? String(Math.max(2, availableParallelism() - 1)) },
    },
  ],
  e2e: [
    { name: 'browser', command: node('scripts/ensure-browser.ts') },
    { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
    { name: 'playwright', command: bin('playwright', 'test'), env: { E2E_PART: 'early' } },
  ],
  'e2e-late': [
    {
      name: 'playwright',
      command: bin('playwright', 'test'),
      env: { E2E_PART: 'late', E2E_PORT: '8281' },
      after: { oneOf: ['vitest', 'e2e'], passed: 'e2e/build' },
    },
  ],
};

interface Result {
  lane: string;
  step: string;
  seconds: number;
  outcome: 'passed' | 'failed' | 'not run';
  /** For a failed step: where each failure is reported in its output (see failureDigest). */
  digest?: string[];
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((lane) => !(lane in LANES));
if (unknown.length > 0) {
  console.error(`unknown lane ${unknown.join(', ')}: the lanes are ${Object.keys(LANES).join(', ')}`);
  process.exit(2);
}
const lanes = wanted.length > 0 ? [...wanted, ...(wanted.includes('e2e') ? ['e2e-late'] : [])] : Object.keys(LANES);
const width = Math.max(...lanes.map((lane) => lane.length));

/** Settles when a lane has ended; a step's outcome once it has run (or was not run). */
const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};
const laneEnded = new Map(lanes.map((lane) => [lane, deferred<void>()]));
const stepEnded = new Map(
  lanes.flatMap((lane) => LANES[lane]!.map((step) => [`${lane}/${step.name}`, deferred<Result['outcome']>()])),
);

/** Whether a step waiting for another lane and step may start, once they are done. */
async function mayStart(step: Step): Promise<boolean> {
  if (!step.after) return true;
  const ends = step.after.oneOf.flatMap((lane) => laneEnded.get(lane)?.promise ?? []);
  if (ends.length > 0) await Promise.race(ends);
  return (await stepEnded.get(step.after.passed)?.promise) === 'passed';
}
mkdirSync('test-results/lanes', { recursive: true });

/**
 * The lines that report failures in a step's output, each with what follows it: Playwright's
 * numbered failures ("  1) e2e/…"), Vitest's "FAIL" headers, and error lines. A run's end is often
 * all a reader of CI sees (it can be cut to its last lines), so the digest is printed last.
 */
/** Playwright's numbered failures, Vitest's FAIL, Prettier's and tsc's complaints, ESLint's errors. */
const FAILURE_LINE = /^\s*(\d+\) \S|FAIL\s)|^\[(warn|error)\] |error TS\d+:|^\s+\d+:\d+\s+error\s/;

function failureDigest(lines: string[], maxLines = 40): string[] {
  const digest: string[] = [];
  for (let i = 0; i < lines.length && digest.length < maxLines; i++) {
    if (!FAILURE_LINE.test(lines[i]!)) continue;
    const block = lines.slice(i, i + 12).filter((line) => line.trim() !== '');
    digest.push(...block.slice(0, maxLines - digest.length));
    i += 11;
  }
  return digest;
}

function runStep(lane: string, step: Step, log: WriteStream, lines: string[]): Promise<number> {
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    const child = spawn(command!, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Colour codes would garble the prefixed lines and the log files.
      env: { ...process.env, ...step.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    const prefix = `${lane.padEnd(width)} │ `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        process.stdout.write(prefix + line + '\n');
        log.write(line + '\n');
        lines.push(line);
      });
    }
    child.on('error', (error) => {
      process.stdout.write(`${prefix}could not start ${command}: ${error.message}\n`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

async function runLane(lane: string): Promise<Result[]> {
  const log = createWriteStream(`test-results/lanes/${lane}.log`);
  const results: Result[] = [];
  let failed = false;
  for (const step of LANES[lane]!) {
    if (failed || !(await mayStart(step))) {
      results.push({ lane, step: step.name, seconds: 0, outcome: 'not run' });
      stepEnded.get(`${lane}/${step.name}`)!.resolve('not run');
      failed = true;
      continue;
    }
    const started = performance.now();
    process.stdout.write(`${lane.padEnd(width)} │ ── ${step.name}: ${step.command.slice(1).join(' ')}\n`);
    const lines: string[] = [];
    const code = await runStep(lane, step, log, lines);
    const seconds = (performance.now() - started) / 1000;
    failed = code !== 0;
    results.push({
      ...{ lane, step: step.name, seconds, outcome: failed ? 'failed' : 'passed' },
      ...(failed ? { digest: failureDigest(lines) } : {}),
    });
    stepEnded.get(`${lane}/${step.name}`)!.resolve(failed ? 'failed' : 'passed');
    process.stdout.write(
      `${lane.padEnd(width)} │ ── ${step.name} ${failed ? `FAILED (exit ${code})` : 'passed'} in ${seconds.toFixed(0)} s\n`,
    );
  }
  await new Promise((resolve) => log.end(resolve));
  laneEnded.get(lane)!.resolve();
  return results;
}

const started = performance.now();
const results = (await Promise.all(lanes.map(runLane))).flat();
const total = (performance.now() - started) / 1000;

console.log(`\n${'lane'.padEnd(width)} step        time    result`);
for (const r of results) {
  const time = r.outcome === 'not run' ? '' : `${r.seconds.toFixed(0)} s`;
  console.log(`${r.lane.padEnd(width)} ${r.step.padEnd(11)} ${time.padStart(6)}  ${r.outcome}`);
}
const failures = results.filter((r) => r.outcome === 'failed');
for (const r of failures) {
  console.log(`\n== what failed in ${r.lane}/${r.step} (the whole output: test-results/lanes/${r.lane}.log)`);
  for (const line of r.digest?.length ? r.digest : ['(no failure lines found: read the log)']) console.log(line);
}
console.log(
  `\n${failures.length === 0 ? 'all passed' : `FAILED: ${failures.map((r) => `${r.lane}/${r.step}`).join(', ')}`}` +
    ` in ${(total / 60).toFixed(1)} min (each lane's output: test-results/lanes/)`,
);
process.exit(failures.length === 0 ? 0 : 1);
