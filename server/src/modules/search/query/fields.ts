import { NAMESPACES, type Dictionary, type PropertyDef } from '../../dictionary/dictionary.ts';
import type { AftsField } from '../afts/afts.ast.ts';
import { AftsQueryError } from '../afts/afts.errors.ts';
import type { TextColumn } from '../index/text-index.ts';

/** The special fields of AFTS that Quire answers (upper case, as Alfresco writes them). */
export const SPECIAL_FIELDS = [
  'TEXT',
  'TYPE',
  'EXACTTYPE',
  'ASPECT',
  'EXACTASPECT',
  'ID',
  'PARENT',
  'PRIMARYPARENT',
  'ANCESTOR',
  'PATH',
  'SITE',
  'PNAME',
  'QNAME',
  'TAG',
  'ISNULL',
  'ISNOTNULL',
  'ISUNSET',
  'EXISTS',
] as const;

export type SpecialField = (typeof SPECIAL_FIELDS)[number];

/** Properties kept in columns of `nodes`, not in its properties JSON. */
export type ColumnProperty = 'cm:creator' | 'cm:modifier' | 'cm:owner' | 'cm:created' | 'cm:modified';

/** What a field of a query names. */
export type FieldTarget =
  | { kind: 'special'; name: SpecialField }
  /** Words in parts of the index (TEXT, cm:name, cm:title, cm:description, cm:content). */
  | { kind: 'text'; columns: readonly TextColumn[]; qname?: string }
  | { kind: 'column'; qname: ColumnProperty }
  | { kind: 'content'; part: 'mimetype' | 'size' | 'encoding' }
  | { kind: 'property'; qname: string; def: PropertyDef };

/** The index part of each property the index holds. */
export const TEXT_PROPERTIES: Readonly<Record<string, TextColumn>> = {
  'cm:name': 'name',
  'cm:title': 'title',
  'cm:description': 'description',
  'cm:content': 'content',
};

const COLUMN_PROPERTIES = new Set<string>(['cm:creator', 'cm:modifier', 'cm:owner', 'cm:created', 'cm:modified']);

/** A field as written (`cm:name`, `@{uri}name`, `cm_name`, `TEXT`) as a QName or a special field's name. */
export function fieldName(field: AftsField): string {
  if (field.uri !== undefined) {
    const prefix = Object.entries(NAMESPACES).find(([, uri]) => uri === field.uri)?.[0];
    if (!prefix) throw new AftsQueryError(`The namespace {${field.uri}} is not known.`);
    return `${prefix}:${field.name}`;
  }
  if (field.prefix !== undefined) return `${field.prefix}:${field.name}`;
  const underscored = /^([A-Za-z][\w-]*?)_(.+)$/.exec(field.name);
  if (underscored && underscored[1]! in NAMESPACES) return `${underscored[1]}:${underscored[2]}`;
  return field.name;
}

/** What `field` names; `defaultText` is what TEXT (or no field) searches. */
export function resolveField(
  field: AftsField | undefined,
  dictionary: Dictionary,
  defaultText: readonly TextColumn[],
): FieldTarget {
  if (!field) return { kind: 'text', columns: defaultText };
  const name = fieldName(field);
  const special = SPECIAL_FIELDS.find((f) => f === name.toUpperCase());
  if (special && !name.includes(':')) {
    if (field.subField) throw new AftsQueryError(`${special} has no sub-field .${field.subField}.`);
    return special === 'TEXT' ? { kind: 'text', columns: defaultText } : { kind: 'special', name: special };
  }
  // A property without a prefix is in the content model's namespace (`creator`, `content.size`).
  return propertyTarget(name.includes(':') ? name : `cm:${name}`, field.subField, dictionary);
}

function propertyTarget(qname: string, subField: string | undefined, dictionary: Dictionary): FieldTarget {
  const prefix = qname.slice(0, qname.indexOf(':'));
  if (!dictionary.isKnownPrefix(prefix)) throw new AftsQueryError(`The namespace prefix ${prefix} is not mapped.`);
  if (qname === 'cm:content' && subField) {
    const part = subField.toLowerCase();
    if (part === 'mimetype' || part === 'size' || part === 'encoding') return { kind: 'content', part };
    throw new AftsQueryError(`cm:content has no sub-field .${subField} (mimetype, size and encoding are searched).`);
  }
  if (subField) throw new AftsQueryError(`${qname} has no sub-field .${subField}.`);
  const column = TEXT_PROPERTIES[qname];
  if (column) return { kind: 'text', columns: [column], qname };
  if (COLUMN_PROPERTIES.has(qname)) return { kind: 'column', qname: qname as ColumnProperty };
  const known = dictionary.property(qname);
  if (!known) throw new AftsQueryError(`The property ${qname} is not in the content model.`);
  return { kind: 'property', qname, def: known.def };
}

/** `textAttributes` of a request's defaults as index parts (the default: all four). */
export function textColumnsOf(attributes: readonly string[] | undefined, dictionary: Dictionary): TextColumn[] {
  if (!attributes || attributes.length === 0) return ['name', 'title', 'description', 'content'];
  return attributes.map((attribute) => {
    const name = fieldName(parseFieldText(attribute));
    const column = TEXT_PROPERTIES[name];
    if (!column) {
      if (name.includes(':') && !dictionary.isKnownPrefix(name.slice(0, name.indexOf(':')))) {
        throw new AftsQueryError(`The namespace prefix ${name.slice(0, name.indexOf(':'))} is not mapped.`);
      }
      throw new AftsQueryError(
        `textAttributes: ${attribute} is not one of cm:name, cm:title, cm:description, cm:content.`,
      );
    }
    return column;
  });
}

/** A field named in a request's JSON (`cm:name`, `{uri}name`), outside a query. */
export function parseFieldText(text: string): AftsField {
  const uri = /^\{([^}]+)\}(.+)$/.exec(text.trim());
  const colon = text.indexOf(':');
  const prefix = !uri && colon > 0 ? text.slice(0, colon).trim() : undefined;
  const local = uri ? uri[2]! : prefix !== undefined ? text.slice(colon + 1).trim() : text.trim();
  // `content.mimetype`: a property and its sub-field, as the grammar reads them.
  const dot = local.indexOf('.');
  return {
    ...(uri ? { uri: uri[1]! } : {}),
    ...(prefix !== undefined ? { prefix } : {}),
    name: dot > 0 ? local.slice(0, dot) : local,
    ...(dot > 0 ? { subField: local.slice(dot + 1) } : {}),
  };
}
