import type { components } from '../../../../openapi/schema.gen.ts';
import { badRequest, entityNotFound } from '../../http/errors.ts';
import { listEnvelope, pagingParam } from '../../http/params.ts';
import type { Handlers } from '../../http/routes.ts';
import { parseWhere } from '../../http/where.ts';
import { isProtected, NAMESPACES, type ClassDef, type Dictionary } from './dictionary.ts';

type ModelClass = components['schemas']['ModelClass'];
type DictionaryHandlers = Pick<Handlers, 'listTypes' | 'getType' | 'listAspects' | 'getAspect'>;

function toModelClass(c: ClassDef): ModelClass {
  return {
    id: c.name,
    title: c.title,
    ...(c.description ? { description: c.description } : {}),
    ...(c.parent ? { parentId: c.parent } : {}),
    properties: c.properties.map((p) => ({
      id: p.name,
      title: p.title,
      dataType: p.dataType,
      isMultiValued: p.multiValued ?? false,
      isMandatory: p.mandatory ?? false,
      isProtected: isProtected(p),
    })),
  };
}

/** The id of the model a class belongs to, by its prefix (Alfresco's model ids). */
const MODEL_IDS: Readonly<Record<string, string>> = {
  sys: 'sys:systemmodel',
  cm: 'cm:contentmodel',
  app: 'app:applicationmodel',
  st: 'st:siteModel',
};

type PatternPart = { kind: 'any' } | { kind: 'one' } | { kind: 'char'; char: string };

/**
 * `namespaceUri matches('http://www.alfresco.*')` as a test of a whole URI. Alfresco takes a
 * regular expression; Quire reads only `.*` (anything) and `.` (any one character) in it, every
 * other character as itself: what ADF sends. Matched without a regular expression, in time
 * proportional to the pattern's length times the URI's at worst, whatever the pattern.
 */
export function uriMatches(pattern: string, uri: string): boolean {
  const parts: PatternPart[] = [];
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '.' && pattern[i + 1] === '*') {
      if (parts.at(-1)?.kind !== 'any') parts.push({ kind: 'any' });
      i += 1;
    } else parts.push(pattern[i] === '.' ? { kind: 'one' } : { kind: 'char', char: pattern[i]! });
  }
  // Wildcard matching with one remembered `any` to go back to (the last one seen).
  let p = 0;
  let u = 0;
  let lastAny = -1;
  let resumeAt = 0;
  while (u < uri.length) {
    const part = parts[p];
    if (part && part.kind !== 'any' && (part.kind === 'one' || part.char === uri[u])) {
      p += 1;
      u += 1;
    } else if (part?.kind === 'any') {
      lastAny = p;
      resumeAt = u;
      p += 1;
    } else if (lastAny >= 0) {
      p = lastAny + 1;
      resumeAt += 1;
      u = resumeAt;
    } else return false;
  }
  while (parts[p]?.kind === 'any') p += 1;
  return p === parts.length;
}

/**
 * `where`: `parentId in (…)` (the classes derived from any of those, themselves excluded),
 * `modelId in (…)`, `namespaceUri matches('…')`, each optionally NOT, joined by AND or OR, as
 * ADF's aspect and type pickers ask: `(modelId in ('cm:contentmodel', …))`,
 * `(parentId in ('cm:content') and not namespaceUri matches('http://www.alfresco.*'))`.
 */
function filterClasses(dictionary: Dictionary, classes: readonly ClassDef[], where: string | undefined): ClassDef[] {
  if (where === undefined) return [...classes];
  const clause = parseWhere(where);
  const isDerived = (c: ClassDef, ancestor: string): boolean => {
    for (let parent = c.parent; parent; parent = (dictionary.type(parent) ?? dictionary.aspect(parent))?.parent) {
      if (parent === ancestor) return true;
    }
    return false;
  };
  const prefixOf = (c: ClassDef) => c.name.slice(0, c.name.indexOf(':'));
  const tests = clause.predicates.map((p): ((c: ClassDef) => boolean) => {
    let test: (c: ClassDef) => boolean;
    if (p.kind === 'in' && p.property === 'parentId') {
      test = (c) => p.values.some((ancestor) => isDerived(c, ancestor));
    } else if (p.kind === 'in' && p.property === 'modelId') {
      const models = new Set(p.values.map((v) => v.toLowerCase()));
      test = (c) => models.has((MODEL_IDS[prefixOf(c)] ?? '').toLowerCase());
    } else if (p.kind === 'matches' && p.property === 'namespaceUri') {
      test = (c) => uriMatches(p.value, NAMESPACES[prefixOf(c)] ?? '');
    } else {
      throw badRequest(
        `Only parentId in (…), modelId in (…) and namespaceUri matches('…'), each optionally NOT, are supported here: ${where}`,
      );
    }
    return p.not ? (c) => !test(c) : test;
  });
  return classes.filter((c) => (clause.join === 'OR' ? tests.some((t) => t(c)) : tests.every((t) => t(c))));
}

export function dictionaryRoutes(dictionary: Dictionary): DictionaryHandlers {
  const page = (classes: ClassDef[], query: { skipCount?: number; maxItems?: number }) => {
    const paging = pagingParam(query);
    const items = classes.slice(paging.skipCount, paging.skipCount + paging.maxItems);
    return listEnvelope({ items, totalItems: classes.length, paging }, toModelClass);
  };
  return {
    async listTypes({ query }) {
      return page(filterClasses(dictionary, dictionary.types(), query.where), query);
    },
    async getType({ params }) {
      const type = dictionary.type(params.typeId);
      if (!type) throw entityNotFound(params.typeId);
      return { entry: toModelClass(type) };
    },
    async listAspects({ query }) {
      return page(filterClasses(dictionary, dictionary.aspects(), query.where), query);
    },
    async getAspect({ params }) {
      const aspect = dictionary.aspect(params.aspectId);
      if (!aspect) throw entityNotFound(params.aspectId);
      return { entry: toModelClass(aspect) };
    },
  };
}
