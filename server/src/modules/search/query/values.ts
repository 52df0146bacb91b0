import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { formatDate } from '../../../http/json.ts';
import type { DataType } from '../../dictionary/dictionary.ts';
import type { AftsRange } from '../afts/afts.ast.ts';
import { AftsQueryError } from '../afts/afts.errors.ts';
import { resolveDateLimit } from '../afts/date-math.ts';

/** Comparisons on the values of nodes (columns and properties), alike on both databases. */

export type Condition = RawBuilder<SqlBool>;

export const TRUE: Condition = sql<SqlBool>`1 = 1`;
export const FALSE: Condition = sql<SqlBool>`1 = 0`;

/**
 * The node attributes copied into its search document (migration 0018): read from there, a search
 * that touches no other column needs no look-up in `nodes` per match.
 */
const DOCUMENT_COLUMNS: Readonly<Record<string, string>> = {
  id: 'doc.nodeId',
  ownerId: 'doc.ownerId',
  parentId: 'doc.parentId',
  nodeType: 'doc.nodeType',
  createdAt: 'doc.createdAt',
  createdBy: 'doc.createdBy',
  modifiedAt: 'doc.modifiedAt',
  modifiedBy: 'doc.modifiedBy',
  mimeType: 'doc.mimeType',
  sizeInBytes: 'doc.sizeInBytes',
  aspects: 'doc.aspects',
};

/** A node's column in a search (`doc`, its search document, joined to `nodes`). */
export const col = (name: string) => sql.ref(DOCUMENT_COLUMNS[name] ?? `nodes.${name}`);

/** A property's value as text (null when unset), from the properties JSON. */
export function propertyValue(postgres: boolean, qname: string): RawBuilder<unknown> {
  return postgres
    ? sql`(${col('properties')}::jsonb ->> ${qname})`
    : sql`json_extract(${col('properties')}, ${`$."${qname}"`})`;
}

/** Whether a property is set (not absent, not null) in the properties JSON. */
export function propertyIsSet(postgres: boolean, qname: string): Condition {
  return postgres
    ? sql<SqlBool>`coalesce(jsonb_typeof(${col('properties')}::jsonb -> ${qname}), 'null') <> 'null'`
    : sql<SqlBool>`coalesce(json_type(${col('properties')}, ${`$."${qname}"`}), 'null') <> 'null'`;
}

/** `value` with AFTS wildcards (`*`, `?` at `positions`) as a LIKE pattern with `\` escaping. */
export function likePattern(value: string, positions: readonly number[]): string {
  let pattern = '';
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (positions.includes(i)) pattern += char === '*' ? '%' : '_';
    else pattern += char === '%' || char === '_' || char === '\\' ? `\\${char}` : char;
  }
  return pattern;
}

/** Case-insensitive equality, or a LIKE match when the value has wildcards. */
export function textIs(expr: RawBuilder<unknown>, value: string, wildcards: readonly number[]): Condition {
  if (wildcards.length === 0) return sql<SqlBool>`lower(${expr}) = lower(${value})`;
  return sql<SqlBool>`lower(${expr}) like lower(${likePattern(value, wildcards)}) escape '\\'`;
}

/** `expr` between two limits, either end open (null) or exclusive. */
export function between(
  expr: RawBuilder<unknown>,
  from: unknown,
  to: unknown,
  range: Pick<AftsRange, 'includeFrom' | 'includeTo'>,
): Condition {
  const parts: Condition[] = [];
  if (from !== null) parts.push(range.includeFrom ? sql<SqlBool>`${expr} >= ${from}` : sql<SqlBool>`${expr} > ${from}`);
  if (to !== null) parts.push(range.includeTo ? sql<SqlBool>`${expr} <= ${to}` : sql<SqlBool>`${expr} < ${to}`);
  if (parts.length === 0) return sql<SqlBool>`${expr} is not null`;
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** A date limit as epoch milliseconds (null: open). */
export function dateLimit(text: string, now: Date): number | null {
  return resolveDateLimit(text, now)?.getTime() ?? null;
}

/** A numeric limit (`*`, MIN, MAX: open). */
export function numberLimit(text: string, field: string): number | null {
  const limit = text.trim().toUpperCase();
  if (limit === '*' || limit === 'MIN' || limit === 'MAX') return null;
  const n = Number(limit);
  if (limit === '' || !Number.isFinite(n)) throw new AftsQueryError(`"${text}" is not a number (${field} is numeric).`);
  return n;
}

/**
 * A date written as a term: a year (`2019`), a month (`2019-07`) or a day (`2026-11-27`) is all
 * of it (UTC), anything else (`NOW/DAY`, a date-time) that instant.
 */
export function dateTerm(expr: RawBuilder<unknown>, value: string, now: Date): Condition {
  const span = dateSpan(value, now);
  if (span) return between(expr, span.from, span.to, { includeFrom: true, includeTo: false });
  const at = dateLimit(value, now);
  if (at === null) return sql<SqlBool>`${expr} is not null`;
  return sql<SqlBool>`${expr} = ${at}`;
}

/** The span a year, a month or a day written alone covers, in epoch milliseconds. */
export function dateSpan(value: string, now: Date): { from: number; to: number } | undefined {
  const text = value.trim();
  const unit = /^\d{4}$/.test(text)
    ? 'YEAR'
    : /^\d{4}-\d{2}$/.test(text)
      ? 'MONTH'
      : /^\d{4}-\d{2}-\d{2}$/.test(text)
        ? 'DAY'
        : undefined;
  if (!unit) return undefined;
  return { from: dateLimit(text, now)!, to: dateLimit(`${text}+1${unit}`, now)! };
}

type ValueKind = 'number' | 'date' | 'boolean' | 'text';

export function valueKind(dataType: DataType): ValueKind {
  if (dataType === 'd:int' || dataType === 'd:long' || dataType === 'd:float' || dataType === 'd:double') {
    return 'number';
  }
  if (dataType === 'd:date' || dataType === 'd:datetime') return 'date';
  if (dataType === 'd:boolean') return 'boolean';
  return 'text';
}

/** A property of the content model (kept in the JSON) compared with a term. */
export function propertyTerm(
  postgres: boolean,
  qname: string,
  dataType: DataType,
  value: { text: string; wildcards: readonly number[] },
  now: Date,
): Condition {
  const expr = propertyValue(postgres, qname);
  if (value.text === '*' && value.wildcards.length === 1) return propertyIsSet(postgres, qname);
  switch (valueKind(dataType)) {
    case 'number':
      return sql<SqlBool>`cast(${expr} as double precision) = cast(${numberLimit(value.text, qname)} as double precision)`;
    case 'boolean':
      return sql<SqlBool>`lower(cast(${expr} as text)) = ${value.text.trim().toLowerCase() === 'true' ? 'true' : 'false'}`;
    case 'date':
      return datePropertyRange(expr, value.text, value.text, { includeFrom: true, includeTo: true }, now, true);
    default:
      return textIs(expr, value.text, value.wildcards);
  }
}

/** A property of the content model within a range. */
export function propertyRange(postgres: boolean, qname: string, dataType: DataType, range: AftsRange, now: Date) {
  const expr = propertyValue(postgres, qname);
  switch (valueKind(dataType)) {
    case 'number':
      return between(
        sql`cast(${expr} as double precision)`,
        numberLimit(range.from, qname),
        numberLimit(range.to, qname),
        range,
      );
    case 'date':
      return datePropertyRange(expr, range.from, range.to, range, now, false);
    case 'boolean':
      throw new AftsQueryError(`${qname} is a boolean: a range of it means nothing.`);
    default:
      return between(sql`lower(${expr})`, lowerLimit(range.from), lowerLimit(range.to), range);
  }
}

function lowerLimit(text: string): string | null {
  return text === '*' ? null : text.toLowerCase();
}

/** Dates in the JSON are Alfresco's text (`2026-11-27T10:00:00.000+0000`), ordered as text. */
function datePropertyRange(
  expr: RawBuilder<unknown>,
  from: string,
  to: string,
  range: Pick<AftsRange, 'includeFrom' | 'includeTo'>,
  now: Date,
  term: boolean,
): Condition {
  const span = term ? dateSpan(from, now) : undefined;
  if (span) return between(expr, formatDate(span.from), formatDate(span.to), { includeFrom: true, includeTo: false });
  const start = dateLimit(from, now);
  const end = dateLimit(to, now);
  return between(expr, start === null ? null : formatDate(start), end === null ? null : formatDate(end), range);
}
