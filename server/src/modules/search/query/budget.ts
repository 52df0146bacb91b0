import type { AftsCondition } from '../afts/to-condition.ts';
import { AftsQueryError } from '../afts/afts.errors.ts';
import { fieldName } from './fields.ts';

/** Most words, phrases and ranges in one request: its query, filter queries and facet queries together. */
export const MAX_CLAUSES = 256;

/**
 * Most clauses that walk the tree (ANCESTOR, SITE, PATH, PNAME) in one request: each is a
 * recursive walk below a folder (or up from every node), the costliest thing a query asks for.
 */
export const MAX_TREE_WALKS = 8;

const TREE_WALKS = new Set(['ANCESTOR', 'SITE', 'PATH', 'PNAME']);

/**
 * Most steps of one PATH from the root (`/app:company_home/cm:a/…`: a nested look-up each, and
 * SQLite refuses an expression nested much deeper) and of one from anywhere (`//cm:a/cm:b/*`: a
 * join each, for every node it is tested on). Without them a caller's own chain of folders made a
 * search of minutes, which on SQLite holds every request, or a 500.
 */
export const MAX_PATH_STEPS = 16;
export const MAX_ANYWHERE_PATH_STEPS = 8;

/** A PATH value's steps: the names between its slashes (a last `*` or `.` included). */
function pathSteps(value: string): number {
  return value.split('/').filter((step) => step !== '').length;
}

/** Refuses a request whose queries together ask for more work than one request may (a 400). */
export function checkBudget(conditions: readonly AftsCondition[]): void {
  let clauses = 0;
  let walks = 0;
  const visit = (c: AftsCondition): void => {
    if (c.kind === 'and' || c.kind === 'or') return c.items.forEach(visit);
    if (c.kind === 'not') return visit(c.item);
    if (c.kind === 'all') return;
    clauses += 1;
    if (c.kind === 'template' || !c.field) return;
    const field = fieldName(c.field).toUpperCase();
    if (TREE_WALKS.has(field)) walks += 1;
    if (field === 'PATH' && (c.kind === 'term' || c.kind === 'phrase')) checkPath(c.value.trim());
  };
  conditions.forEach(visit);
  if (clauses > MAX_CLAUSES) {
    throw new AftsQueryError(`The request has ${clauses} clauses in its queries; at most ${MAX_CLAUSES} are answered.`);
  }
  if (walks > MAX_TREE_WALKS) {
    throw new AftsQueryError(
      `The request has ${walks} ANCESTOR, SITE, PATH and PNAME clauses; at most ${MAX_TREE_WALKS} are answered.`,
    );
  }
}

function checkPath(value: string): void {
  const anywhere = value.startsWith('//');
  const most = anywhere ? MAX_ANYWHERE_PATH_STEPS : MAX_PATH_STEPS;
  const steps = pathSteps(value);
  if (steps > most) {
    throw new AftsQueryError(
      `PATH "${value.length > 80 ? `${value.slice(0, 80)}…` : value}" has ${steps} steps; a path ${anywhere ? 'from anywhere (//…)' : 'from the root'} may have at most ${most}.`,
    );
  }
}
