import { formatDateTime } from '../../../lib/format-date.ts';
import type { ModelProperty } from '../api/types.ts';

/**
 * What a property's editor holds: text for text, numbers and dates (as the input shows them),
 * a boolean for a switch, a list of strings for a multi-valued property (chips).
 */
export type Draft = string | boolean | string[];

/** The editor a property gets, by its data type. */
export type EditorKind = 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'datetime' | 'readonly';

export function editorKind(def: Pick<ModelProperty, 'dataType' | 'isProtected'>): EditorKind {
  if (def.isProtected) return 'readonly';
  switch (def.dataType) {
    case 'd:text':
    case 'd:mltext':
    case 'd:noderef':
      return 'text';
    case 'd:int':
    case 'd:long':
      return 'integer';
    case 'd:float':
    case 'd:double':
      return 'number';
    case 'd:boolean':
      return 'boolean';
    case 'd:date':
      return 'date';
    case 'd:datetime':
      return 'datetime';
    default:
      // d:content and d:category cannot be set through the API.
      return 'readonly';
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The repository writes `+0000`; every browser reads `+00:00`. */
function parseServerDate(value: string): Date | undefined {
  const date = new Date(value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `2026-11-22T10:00` in the browser's time zone, as `<input type="datetime-local">` wants it. */
function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function scalarToText(value: unknown, kind: EditorKind): string {
  if (value === undefined || value === null) return '';
  if (kind === 'date' && typeof value === 'string') return value.slice(0, 10);
  if (kind === 'datetime' && typeof value === 'string') {
    const date = parseServerDate(value);
    return date ? toLocalInput(date) : value;
  }
  // A person shown as {id, displayName} (cm:owner) is edited, and sent back, as their id.
  if (typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
    return (value as { id: string }).id;
  if (typeof value === 'object') return displayValue(value);
  return String(value);
}

/** The editor's value for a stored value. */
export function toDraft(value: unknown, def: Pick<ModelProperty, 'dataType' | 'isProtected' | 'isMultiValued'>): Draft {
  const kind = editorKind(def);
  if (def.isMultiValued) {
    const items = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
    return items.map((item) => scalarToText(item, kind));
  }
  if (kind === 'boolean') return value === true || value === 'true';
  return scalarToText(value, kind);
}

export type Converted = { ok: true; value: unknown } | { ok: false; problem: string };

function convertScalar(text: string, kind: EditorKind): Converted {
  const trimmed = text.trim();
  switch (kind) {
    case 'integer':
      return /^-?\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed))
        ? { ok: true, value: Number(trimmed) }
        : { ok: false, problem: 'Enter a whole number.' };
    case 'number': {
      const n = Number(trimmed);
      return trimmed !== '' && Number.isFinite(n) ? { ok: true, value: n } : { ok: false, problem: 'Enter a number.' };
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
        ? { ok: true, value: trimmed }
        : { ok: false, problem: 'Enter a date.' };
    case 'datetime': {
      const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(trimmed) ? new Date(trimmed) : undefined;
      return date && !Number.isNaN(date.getTime())
        ? { ok: true, value: date.toISOString() }
        : { ok: false, problem: 'Enter a date and time.' };
    }
    default:
      return { ok: true, value: text };
  }
}

/**
 * The value to send for an editor's content: numbers as numbers, dates as ISO 8601, an emptied
 * property as `null` (which removes it), or why the text is not a valid value.
 */
export function fromDraft(
  draft: Draft,
  def: Pick<ModelProperty, 'dataType' | 'isProtected' | 'isMultiValued'>,
): Converted {
  const kind = editorKind(def);
  if (typeof draft === 'boolean') return { ok: true, value: draft };
  if (Array.isArray(draft)) {
    const values: unknown[] = [];
    for (const item of draft) {
      const converted = convertScalar(item, kind);
      if (!converted.ok) return { ok: false, problem: `“${item}”: ${converted.problem}` };
      values.push(converted.value);
    }
    return { ok: true, value: values.length ? values : null };
  }
  if (draft.trim() === '') return { ok: true, value: null };
  return convertScalar(draft, kind);
}

/** Whether two editor values are the same (arrays item by item). */
export function sameDraft(a: Draft, b: Draft): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

/** A read-only value in words: people by name, lists joined, dates as they are. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.displayName === 'string') return record.displayName;
    if (typeof record.id === 'string') return record.id;
    return JSON.stringify(value);
  }
  return String(value);
}

/** A stored date and time in the browser's words and time zone. */
export function displayDateTime(value: unknown): string {
  if (typeof value !== 'string') return displayValue(value);
  const date = parseServerDate(value);
  return date ? formatDateTime(date) : value;
}
