import type { AftsGroup, AftsNode, AftsPhrase, AftsProximity, AftsRange, AftsTemplate, AftsTerm } from './afts.ast.ts';

/** A query as a yes/no condition on each node: what the search filters by, prefixes resolved. */
export type AftsCondition =
  | { readonly kind: 'all' }
  | { readonly kind: 'and'; readonly items: readonly AftsCondition[] }
  | { readonly kind: 'or'; readonly items: readonly AftsCondition[] }
  | { readonly kind: 'not'; readonly item: AftsCondition }
  | AftsTerm
  | AftsPhrase
  | AftsRange
  | AftsProximity
  | AftsTemplate;

const ALL: AftsCondition = { kind: 'all' };

/**
 * Gives each group the meaning Alfresco's query builder gives it (LuceneConjunction and
 * LuceneDisjunction in alfresco-data-model). In an AND group, unprefixed and `+` clauses must
 * match and `-` clauses must not; `|` clauses decide only when nothing else does. In an OR
 * group every clause is an alternative, a `-x` one meaning "anything but x" (so `+` there
 * changes nothing). Boosts only rank: dropped. A lone `*` matches every node.
 */
export function toCondition(node: AftsNode): AftsCondition {
  if (node.kind === 'term' && !node.field && node.value === '*' && node.wildcards) return ALL;
  if (!isGroup(node)) return node;
  if (node.kind === 'or') {
    return any(node.clauses.map((c) => (c.prefix === 'exclude' ? negate(toCondition(c.query)) : toCondition(c.query))));
  }
  const required = node.clauses.filter((c) => c.prefix === 'default' || c.prefix === 'mandatory');
  const optional = node.clauses.filter((c) => c.prefix === 'optional');
  const excluded = node.clauses.filter((c) => c.prefix === 'exclude');
  const without = excluded.length > 0 ? [negate(any(excluded.map((c) => toCondition(c.query))))] : [];
  if (required.length > 0) return all([...required.map((c) => toCondition(c.query)), ...without]);
  if (without.length > 0) return all(without);
  return any(optional.map((c) => toCondition(c.query)));
}

function isGroup(node: AftsNode): node is AftsGroup {
  return node.kind === 'and' || node.kind === 'or';
}

function negate(condition: AftsCondition): AftsCondition {
  return condition.kind === 'not' ? condition.item : { kind: 'not', item: condition };
}

function all(items: AftsCondition[]): AftsCondition {
  const flat = items.flatMap((c) => (c.kind === 'and' ? c.items : c.kind === 'all' ? [] : [c]));
  return flat.length === 0 ? ALL : flat.length === 1 ? flat[0]! : { kind: 'and', items: flat };
}

function any(items: AftsCondition[]): AftsCondition {
  if (items.some((c) => c.kind === 'all')) return ALL;
  const flat = items.flatMap((c) => (c.kind === 'or' ? c.items : [c]));
  return flat.length === 1 ? flat[0]! : { kind: 'or', items: flat };
}
