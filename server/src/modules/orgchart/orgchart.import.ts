/**
 * The organisation-chart file of `npm run orgchart:import` (docs/orgchart.md): its shape and every
 * rule that can be checked without the database, each problem reported with its JSON path.
 */

export interface ChartUnit {
  id: string;
  name: string;
  weight: number;
  /** Absent for the root unit. */
  parent?: string;
  /** User names. */
  members: string[];
  /** Where the unit is in the file (`units[3]`), for problems found later. */
  path: string;
}

export interface ChartJob {
  id: string;
  name: string;
}

export interface ChartAssignment {
  userName: string;
  job: string;
  path: string;
}

export interface Chart {
  /** Parents before their children. */
  units: ChartUnit[];
  jobs: ChartJob[];
  members: ChartAssignment[];
}

/** A problem of the file: where (`units[3].parent`, `(root)` for the whole file) and what. */
export interface Problem {
  path: string;
  message: string;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
// eslint-disable-next-line no-control-regex
const USER_NAME = /^[^/\\"\u0000-\u001f\u007f]{1,100}$/;
const MAX_WEIGHT = 1_000_000_000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const describe = (v: unknown) => (Array.isArray(v) ? 'an array' : v === null ? 'null' : `a ${typeof v}`);

/** A user name of the file and where it is (the people are checked against the repository). */
export interface PersonReference {
  path: string;
  userName: string;
}

/** Collects problems, and the user names it meets, while the file is read. */
class Reader {
  readonly problems: Problem[] = [];
  readonly people: PersonReference[] = [];

  problem(path: string, message: string): void {
    this.problems.push({ path: path || '(root)', message });
  }

  object(value: unknown, path: string, fields: readonly string[]): Json | undefined {
    if (!isObject(value)) {
      this.problem(path, `must be an object, not ${describe(value)}`);
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (!fields.includes(key)) this.problem(join(path, key), `unknown field (expected ${fields.join(', ')})`);
    }
    return value;
  }

  array(value: unknown, path: string, required: boolean): unknown[] {
    if (value === undefined && !required) return [];
    if (!Array.isArray(value)) {
      this.problem(path, value === undefined ? 'is required (an array)' : `must be an array, not ${describe(value)}`);
      return [];
    }
    return value;
  }

  string(value: unknown, path: string, pattern: RegExp | undefined, what: string): string | undefined {
    if (typeof value !== 'string') {
      this.problem(path, value === undefined ? `is required (${what})` : `must be ${what}, not ${describe(value)}`);
      return undefined;
    }
    if (pattern && !pattern.test(value)) {
      this.problem(path, `${JSON.stringify(value)} is not ${what}`);
      return undefined;
    }
    return value;
  }

  name(value: unknown, path: string): string | undefined {
    const name = this.string(value, path, undefined, 'a name');
    if (name === undefined) return undefined;
    if (!name.trim() || name.length > 256) {
      this.problem(path, 'must be a name of 1 to 256 characters, not blank');
      return undefined;
    }
    return name.trim();
  }

  weight(value: unknown, path: string): number {
    if (value === undefined) return 0;
    if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > MAX_WEIGHT) {
      this.problem(path, `must be a whole number between -${MAX_WEIGHT} and ${MAX_WEIGHT}`);
      return 0;
    }
    return value;
  }
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

const UNIT_ID = 'a unit id (letters, digits, _ . -, at most 64)';
const JOB_ID = 'a job id (letters, digits, _ . -, at most 64)';
const USER = 'a user name (at most 100 characters, no / \\ " or control characters)';

/**
 * Reads and checks a chart file; the chart is returned only when there is no problem. The user
 * names met (well-formed ones) are returned in any case, so that the people can be checked too.
 */
export function parseChart(json: unknown): { chart?: Chart; problems: Problem[]; people: PersonReference[] } {
  const r = new Reader();
  const root = r.object(json, '', ['units', 'jobs', 'members']);
  if (!root) return { problems: r.problems, people: [] };
  const jobs = readJobs(r, root.jobs);
  const units = readUnits(r, root.units);
  const members = readAssignments(r, root.members, jobs);
  if (r.problems.length) return { problems: r.problems, people: r.people };
  return { chart: { units: parentsFirst(units), jobs: [...jobs.values()], members }, problems: [], people: r.people };
}

function readJobs(r: Reader, value: unknown): Map<string, ChartJob> {
  const jobs = new Map<string, ChartJob>();
  const seen = new Map<string, string>();
  r.array(value, 'jobs', false).forEach((item, i) => {
    const path = join('jobs', i);
    const job = r.object(item, path, ['id', 'name']);
    if (!job) return;
    const id = r.string(job.id, join(path, 'id'), ID, JOB_ID);
    const name = r.name(job.name, join(path, 'name'));
    if (id === undefined || name === undefined) return;
    const other = seen.get(id.toLowerCase());
    if (other) return r.problem(join(path, 'id'), `job ${id} is defined twice (also ${other})`);
    seen.set(id.toLowerCase(), path);
    jobs.set(id.toLowerCase(), { id, name });
  });
  return jobs;
}

function readUnits(r: Reader, value: unknown): ChartUnit[] {
  const before = r.problems.length;
  const units: ChartUnit[] = [];
  const seen = new Map<string, string>();
  const list = r.array(value, 'units', true);
  if (Array.isArray(value) && list.length === 0) r.problem('units', 'must hold at least the root unit');
  list.forEach((item, i) => {
    const path = join('units', i);
    const unit = r.object(item, path, ['id', 'name', 'weight', 'parent', 'members']);
    if (!unit) return;
    const id = r.string(unit.id, join(path, 'id'), ID, UNIT_ID);
    const name = r.name(unit.name, join(path, 'name'));
    const weight = r.weight(unit.weight, join(path, 'weight'));
    const parent = unit.parent === undefined ? undefined : r.string(unit.parent, join(path, 'parent'), ID, UNIT_ID);
    const members = readUnitMembers(r, unit.members, join(path, 'members'));
    if (id === undefined || name === undefined || (unit.parent !== undefined && parent === undefined)) return;
    const other = seen.get(id.toLowerCase());
    if (other) return r.problem(join(path, 'id'), `unit ${id} is defined twice (also ${other})`);
    seen.set(id.toLowerCase(), path);
    units.push({ id, name, weight, members, path, ...(parent !== undefined ? { parent } : {}) });
  });
  // The tree is checked on what the file says, even where a unit has problems of its own.
  const raw = list.flatMap((item, i) => (isObject(item) ? [{ item, path: join('units', i) }] : []));
  checkRootAndParents(r, raw, units);
  if (r.problems.length === before) checkCycles(r, units);
  return units;
}

function readUnitMembers(r: Reader, value: unknown, path: string): string[] {
  const members: string[] = [];
  const seen = new Map<string, string>();
  r.array(value, path, false).forEach((item, j) => {
    const userName = r.string(item, join(path, j), USER_NAME, USER);
    if (userName === undefined) return;
    r.people.push({ path: join(path, j), userName });
    const other = seen.get(userName.toLowerCase());
    if (other) return r.problem(join(path, j), `${userName} is listed twice in this unit (also ${other})`);
    seen.set(userName.toLowerCase(), join(path, j));
    members.push(userName);
  });
  return members;
}

/** Exactly one unit without a parent; every parent is a unit of the file. */
function checkRootAndParents(r: Reader, raw: { item: Json; path: string }[], units: ChartUnit[]): void {
  const roots = raw.filter((u) => u.item.parent === undefined);
  if (raw.length > 0 && roots.length === 0) {
    r.problem('units', 'has no root unit: exactly one unit must have no parent');
  }
  for (const extra of roots.slice(1)) {
    r.problem(extra.path, `is a second root unit (${roots[0]!.path} has no parent either): give it a parent`);
  }
  const ids = new Set(raw.flatMap((u) => (typeof u.item.id === 'string' ? [u.item.id.toLowerCase()] : [])));
  for (const unit of units) {
    if (unit.parent !== undefined && !ids.has(unit.parent.toLowerCase())) {
      r.problem(join(unit.path, 'parent'), `no unit ${unit.parent} in the file`);
    }
  }
}

/** Every unit must reach the root; those that do not are on a cycle (or under one). */
function checkCycles(r: Reader, units: ChartUnit[]): void {
  const byId = new Map(units.map((u) => [u.id.toLowerCase(), u]));
  const reported = new Set<ChartUnit>();
  for (const unit of units) {
    const chain: ChartUnit[] = [];
    let current: ChartUnit | undefined = unit;
    while (current?.parent !== undefined && !chain.includes(current)) {
      chain.push(current);
      current = byId.get(current.parent.toLowerCase());
    }
    if (!current || current.parent === undefined) continue;
    const cycle = chain.slice(chain.indexOf(current));
    if (cycle.some((u) => reported.has(u))) continue;
    for (const u of cycle) reported.add(u);
    const names = [...cycle, current].map((u) => u.id).join(' → ');
    r.problem(join(current.path, 'parent'), `makes a cycle: ${names}`);
  }
}

function readAssignments(r: Reader, value: unknown, jobs: Map<string, ChartJob>): ChartAssignment[] {
  const assignments: ChartAssignment[] = [];
  const seen = new Map<string, string>();
  r.array(value, 'members', false).forEach((item, i) => {
    const path = join('members', i);
    const member = r.object(item, path, ['userName', 'job']);
    if (!member) return;
    const userName = r.string(member.userName, join(path, 'userName'), USER_NAME, USER);
    if (userName !== undefined) r.people.push({ path: join(path, 'userName'), userName });
    const job = r.string(member.job, join(path, 'job'), ID, JOB_ID);
    if (job !== undefined && !jobs.has(job.toLowerCase())) {
      r.problem(join(path, 'job'), `no job ${job} in the file's jobs`);
    }
    if (userName === undefined || job === undefined) return;
    const other = seen.get(userName.toLowerCase());
    if (other) return r.problem(join(path, 'userName'), `${userName} is listed twice (also ${other})`);
    seen.set(userName.toLowerCase(), path);
    assignments.push({ userName, job: jobs.get(job.toLowerCase())?.id ?? job, path });
  });
  return assignments;
}

/** The units with each parent before its children (the tree is known to be sound). */
function parentsFirst(units: ChartUnit[]): ChartUnit[] {
  const children = new Map<string, ChartUnit[]>();
  for (const u of units) {
    const key = u.parent?.toLowerCase() ?? '';
    children.set(key, [...(children.get(key) ?? []), u]);
  }
  const ordered = [...(children.get('') ?? [])];
  for (let i = 0; i < ordered.length; i++) ordered.push(...(children.get(ordered[i]!.id.toLowerCase()) ?? []));
  return ordered;
}
