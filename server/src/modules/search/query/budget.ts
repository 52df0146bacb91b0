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

/** Refuses a request whose queries together ask for more work than one request may (a 400). */
export function checkBudget(conditions: readonly AftsCondition[]): void {
  let clauses = 0;
  let walks = 0;
  const visit = (c: AftsCondition): void => {
    if (c.kind === 'and' || c.kind === 'or') return c.items.forEach(visit);
    if (c.kind === 'not') return visit(c.item);
    if (c.kind === 'all') return;
    clauses += 1;
    if (c.kind !== 'template' && c.field && TREE_WALKS.has(fieldName(c.field).toUpperCase())) walks += 1;
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
