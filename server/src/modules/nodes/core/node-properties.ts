import { badRequest } from '../../../http/errors.ts';
import { formatDate, parseDate } from '../../../http/json.ts';
import { NAMESPACES, type DataType, type Dictionary, type PropertyDef } from '../../dictionary/dictionary.ts';

/** Properties that are top-level node fields and never appear in `properties`. */
const AUDIT_PROPERTIES = new Set(['cm:created', 'cm:creator', 'cm:modified', 'cm:modifier', 'cm:accessed']);

export interface PropertyChanges {
  /** Converted values to set; `null` removes the property. */
  values: Record<string, unknown>;
  /** Aspects the new values need. */
  aspects: Set<string>;
}

/**
 * Checks client-supplied properties against the dictionary and converts their values.
 * Strings are converted to the property's type (multipart fields are always strings).
 */
export function checkProperties(
  dictionary: Dictionary,
  nodeType: string,
  input: Record<string, unknown>,
): PropertyChanges {
  const values: Record<string, unknown> = {};
  const aspects = new Set<string>();
  for (const [name, raw] of Object.entries(input)) {
    const prefix = qnamePrefix(name);
    if (!dictionary.isKnownPrefix(prefix))
      throw badRequest(`${name} isn't a valid QName. Namespace prefix ${prefix} is not mapped`);
    if (prefix === 'sys' || AUDIT_PROPERTIES.has(name)) throw badRequest(`Property ${name} cannot be set`);
    const found = dictionary.property(name);
    if (!found) throw badRequest(`Unknown property: ${name}`);
    const { def, owner, kind } = found;
    if (def.dataType === 'd:content' || def.dataType === 'd:category') {
      throw badRequest(`Property ${name} of type ${def.dataType} cannot be set`);
    }
    if (kind === 'type' && !dictionary.isSubtypeOf(nodeType, owner.name)) {
      throw badRequest(`Property ${name} does not apply to ${nodeType}`);
    }
    if (def.protected) throw badRequest(`Property ${name} is managed by the repository and cannot be set`);
    if (kind === 'aspect') aspects.add(owner.name);
    values[name] = raw === null ? null : convertValue(def, raw);
  }
  return { values, aspects };
}

/** Aspects only the repository adds (a site's containers are made with the site). */
const SYSTEM_ASPECTS = new Set(['st:siteContainer']);

/**
 * Validates aspect names: known, not sys:; a system aspect only where the node already has it
 * (`current`: the aspects of the node being changed, none for a new one).
 */
export function checkAspectNames(
  dictionary: Dictionary,
  names: readonly string[],
  current: readonly string[] = [],
): Set<string> {
  const result = new Set<string>();
  for (const name of names) {
    const prefix = qnamePrefix(name);
    if (!dictionary.isKnownPrefix(prefix))
      throw badRequest(`${name} isn't a valid QName. Namespace prefix ${prefix} is not mapped`);
    if (prefix === 'sys') continue;
    if (!dictionary.aspect(name)) throw badRequest(`Unknown aspect: ${name}`);
    if (SYSTEM_ASPECTS.has(name) && !current.includes(name)) {
      throw badRequest(`Aspect ${name} is managed by the repository and cannot be added`);
    }
    result.add(name);
  }
  return result;
}

/**
 * The property selectors of a list's `include` (Alfresco's NodesImpl): without `properties`,
 * each token with a prefix (`cm:title`, `properties/cm:title`) names one property, and a prefix
 * that is no known namespace is 400 "foo:bar isn't a valid QName". Tokens without one are
 * include words (or ignored).
 */
export function propertySelectors(include: ReadonlySet<string>): string[] {
  if (include.has('properties')) return [];
  const names = [...include].map((i) => i.replace(/^properties\//, '')).filter((i) => i.includes(':'));
  for (const name of names) {
    const prefix = name.slice(0, name.indexOf(':'));
    if (!Object.hasOwn(NAMESPACES, prefix)) {
      throw badRequest(`${name} isn't a valid QName. Namespace prefix ${prefix} is not mapped`);
    }
  }
  return names;
}

/** The properties an aspect defines, to drop them when the aspect is removed. */
export function aspectPropertyNames(dictionary: Dictionary, aspect: string): string[] {
  return dictionary.aspect(aspect)?.properties.map((p) => p.name) ?? [];
}

function qnamePrefix(name: string): string {
  const m = /^([A-Za-z][\w-]*):[\w.-]+$/.exec(name);
  if (!m) throw badRequest(`${name} isn't a valid QName.`);
  return m[1]!;
}

function convertValue(def: PropertyDef, raw: unknown): unknown {
  if (def.multiValued) {
    const items = Array.isArray(raw) ? raw : [raw];
    return items.map((item) => convertScalar(def, item));
  }
  if (Array.isArray(raw)) throw badRequest(`Property ${def.name} is not multi-valued`);
  return convertScalar(def, raw);
}

function convertScalar(def: PropertyDef, raw: unknown): unknown {
  const invalid = () => badRequest(`Invalid value for ${def.name} (${def.dataType}): ${JSON.stringify(raw)}`);
  const type: DataType = def.dataType;
  switch (type) {
    case 'd:text':
    case 'd:mltext':
    case 'd:noderef':
      if (typeof raw === 'string') return raw;
      if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
      throw invalid();
    case 'd:int':
    case 'd:long': {
      const n = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw invalid();
      if (type === 'd:int' && (n < -2147483648 || n > 2147483647)) throw invalid();
      return n;
    }
    case 'd:float':
    case 'd:double': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid();
      return n;
    }
    case 'd:boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw invalid();
    case 'd:date':
    case 'd:datetime': {
      const ms = typeof raw === 'string' ? parseDate(raw) : undefined;
      if (ms === undefined) throw invalid();
      return formatDate(ms);
    }
    default:
      throw invalid();
  }
}
