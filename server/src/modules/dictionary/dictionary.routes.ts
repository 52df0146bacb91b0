import type { components } from '../../../../openapi/schema.gen.ts';
import { badRequest, entityNotFound } from '../../http/errors.ts';
import { listEnvelope, pagingParam } from '../../http/params.ts';
import type { Handlers } from '../../http/routes.ts';
import { parseWhere } from '../../http/where.ts';
import { isProtected, type ClassDef, type Dictionary } from './dictionary.ts';

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

/** `where=(parentId in ('a','b'))`: the classes derived from any of those (themselves excluded). */
function filterByParent(dictionary: Dictionary, classes: readonly ClassDef[], where: string | undefined): ClassDef[] {
  if (where === undefined) return [...classes];
  const clause = parseWhere(where);
  const [p, ...rest] = clause.predicates;
  if (!p || rest.length || p.kind !== 'in' || p.not || p.property !== 'parentId') {
    throw badRequest(`Only (parentId in ('prefix:name', …)) is supported here: ${where}`);
  }
  const isDerived = (c: ClassDef, ancestor: string): boolean => {
    for (let parent = c.parent; parent; parent = (dictionary.type(parent) ?? dictionary.aspect(parent))?.parent) {
      if (parent === ancestor) return true;
    }
    return false;
  };
  return classes.filter((c) => p.values.some((ancestor) => isDerived(c, ancestor)));
}

export function dictionaryRoutes(dictionary: Dictionary): DictionaryHandlers {
  const page = (classes: ClassDef[], query: { skipCount?: number; maxItems?: number }) => {
    const paging = pagingParam(query);
    const items = classes.slice(paging.skipCount, paging.skipCount + paging.maxItems);
    return listEnvelope({ items, totalItems: classes.length, paging }, toModelClass);
  };
  return {
    async listTypes({ query }) {
      return page(filterByParent(dictionary, dictionary.types(), query.where), query);
    },
    async getType({ params }) {
      const type = dictionary.type(params.typeId);
      if (!type) throw entityNotFound(params.typeId);
      return { entry: toModelClass(type) };
    },
    async listAspects({ query }) {
      return page(filterByParent(dictionary, dictionary.aspects(), query.where), query);
    },
    async getAspect({ params }) {
      const aspect = dictionary.aspect(params.aspectId);
      if (!aspect) throw entityNotFound(params.aspectId);
      return { entry: toModelClass(aspect) };
    },
  };
}
