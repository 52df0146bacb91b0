import type { components } from '../../../../openapi/schema.gen.ts';
import { isProtected, type ClassDef, type Dictionary, type PropertyDef } from './dictionary.ts';

/**
 * The content model as Alfresco's legacy dictionary web scripts describe it
 * (`/alfresco/service/api/classes/{prefix}_{name}`, its `classdetails.lib.ftl`): the Alfresco
 * Content App lays out its properties panel from these answers.
 */
export type WebScriptClass = components['schemas']['WebScriptClass'];
type WebScriptProperty = components['schemas']['WebScriptProperty'];
type WebScriptChildAssociation = components['schemas']['WebScriptChildAssociation'];

/** A class found by its URL name, and whether it is an aspect. */
export interface FoundClass {
  def: ClassDef;
  isAspect: boolean;
}

/** `cm:titled` as the web scripts write it in URLs: `cm_titled`. */
const urlName = (name: string): string => name.replace(':', '_');

/** The class a URL names (`cm_titled`: the prefix ends at the first underscore), if the model has it. */
export function findClass(dictionary: Dictionary, className: string): FoundClass | undefined {
  const at = className.indexOf('_');
  if (at <= 0 || at === className.length - 1) return undefined;
  const name = `${className.slice(0, at)}:${className.slice(at + 1)}`;
  const type = dictionary.type(name);
  if (type) return { def: type, isAspect: false };
  const aspect = dictionary.aspect(name);
  return aspect ? { def: aspect, isAspect: true } : undefined;
}

function lookup(dictionary: Dictionary, isAspect: boolean) {
  return (name: string) => (isAspect ? dictionary.aspect(name) : dictionary.type(name));
}

/** The class and its ancestors, the root first (inherited properties come first, as Alfresco lists them). */
function lineage(dictionary: Dictionary, { def, isAspect }: FoundClass): ClassDef[] {
  const find = lookup(dictionary, isAspect);
  const chain: ClassDef[] = [];
  for (let c: ClassDef | undefined = def; c; c = c.parent ? find(c.parent) : undefined) chain.unshift(c);
  return chain;
}

function describeProperty(owner: string, p: PropertyDef): WebScriptProperty {
  return {
    name: p.name,
    title: p.title,
    description: '',
    dataType: p.dataType,
    defaultValue: null,
    multiValued: p.multiValued ?? false,
    mandatory: p.mandatory ?? false,
    enforced: p.mandatory ?? false,
    protected: isProtected(p),
    // Every property can be searched (POST /search): the index's words or its stored value.
    indexed: true,
    url: `/api/classes/${owner}/property/${urlName(p.name)}`,
  };
}

/** Folders hold their children through `cm:contains`, the one child association of Quire's model. */
function containsAssociation(owner: string): WebScriptChildAssociation {
  return {
    name: 'cm:contains',
    title: '',
    url: `/api/classes/${owner}/association/cm_contains`,
    source: { class: 'cm:folder', mandatory: false, many: true },
    target: { class: 'sys:base', mandatory: false, many: true },
  };
}

/** One class, with what it inherits, in the web script's shape. */
export function describeClass(dictionary: Dictionary, found: FoundClass): WebScriptClass {
  const { def, isAspect } = found;
  const owner = urlName(def.name);
  const chain = lineage(dictionary, found);
  const aspects = [...new Set(chain.flatMap((c) => c.mandatoryAspects ?? []))];
  const isContainer = !isAspect && dictionary.isSubtypeOf(def.name, 'cm:folder');
  return {
    name: def.name,
    isAspect,
    isContainer,
    title: def.title,
    description: def.description ?? '',
    parent: def.parent
      ? { name: def.parent, title: def.parent.split(':')[1]!, url: `/api/classes/${urlName(def.parent)}` }
      : {},
    defaultAspects: Object.fromEntries(
      aspects.map((name) => [
        name,
        { name, title: dictionary.aspect(name)?.title ?? '', url: `/api/classes/${owner}/property/${urlName(name)}` },
      ]),
    ),
    properties: Object.fromEntries(chain.flatMap((c) => c.properties).map((p) => [p.name, describeProperty(owner, p)])),
    associations: {},
    childassociations: isContainer ? { 'cm:contains': containsAssociation(owner) } : {},
    url: `/api/classes/${owner}`,
  };
}

/**
 * The subtypes (or subaspects) of a class, ordered by title as Alfresco orders them: every level
 * below it and the class itself when `recursive`, else its direct children only; `prefix` keeps
 * those of one namespace.
 */
export function subclassesOf(
  dictionary: Dictionary,
  found: FoundClass,
  options: { recursive: boolean; prefix?: string },
): FoundClass[] {
  const { def, isAspect } = found;
  const find = lookup(dictionary, isAspect);
  const isBelow = (c: ClassDef): boolean => {
    if (!options.recursive) return c.parent === def.name;
    for (let at: ClassDef | undefined = c; at; at = at.parent ? find(at.parent) : undefined) {
      if (at.name === def.name) return true;
    }
    return false;
  };
  const all = isAspect ? dictionary.aspects() : dictionary.types();
  return all
    .filter((c) => isBelow(c) && (options.prefix === undefined || c.name.startsWith(`${options.prefix}:`)))
    .sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }))
    .map((c) => ({ def: c, isAspect }));
}
