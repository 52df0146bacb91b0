import { AftsQueryError } from './afts.errors.ts';

/**
 * Range limits of date fields, as Alfresco (Solr's date math) reads them: an ISO 8601 date or
 * date-time (or a year, or a month: their first day), or `NOW`, each followed by any number of steps — `/DAY` rounds down to the unit,
 * `+1MONTH` and `-30DAYS` add and subtract. `*`, `MIN` and `MAX` leave that end open (null).
 * Dates without a zone are UTC, and so is rounding.
 */
export function resolveDateLimit(text: string, now: Date): Date | null {
  const limit = text.trim().toUpperCase();
  if (limit === '*' || limit === 'MIN' || limit === 'MAX') return null;
  const match =
    /^(NOW|\d{4}(?:-\d{2})?(?!-)|\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?)(.*)$/.exec(
      limit,
    );
  const start = match?.[1] === 'NOW' ? new Date(now.getTime()) : parseIsoDate(match?.[1]);
  if (!match || !start || !STEPS.test(match[2]!)) throw notADate(text);
  let at = start;
  for (const [, sign, amount, unit] of match[2]!.matchAll(STEP)) {
    at = sign === '/' ? roundDown(at, unitOf(unit!)) : add(at, unitOf(unit!), Number(`${sign}${amount}`));
  }
  if (Number.isNaN(at.getTime())) throw notADate(text);
  return at;
}

/** Steps follow each other with nothing between them; a rounding takes no number. */
const STEPS = /^(?:\/[A-Z]+|[+-]\d+[A-Z]+)*$/;
const STEP = /([/+-])(\d*)([A-Z]+)/g;
const UNITS = ['YEAR', 'MONTH', 'DAY', 'HOUR', 'MINUTE', 'SECOND', 'MILLISECOND'] as const;
type Unit = (typeof UNITS)[number];

function unitOf(word: string): Unit {
  const singular = word.endsWith('S') ? word.slice(0, -1) : word;
  if (singular === 'DATE') return 'DAY';
  if (singular === 'MILLI') return 'MILLISECOND';
  const unit = UNITS.find((u) => u === singular);
  if (!unit)
    throw new AftsQueryError(`"${word}" is not a unit of date math (YEAR, MONTH, DAY, HOUR, MINUTE, SECOND, MILLI).`);
  return unit;
}

function parseIsoDate(text: string | undefined): Date | null {
  if (!text) return null;
  // A year or a month, as Alfresco reads `created:2019`: its first day.
  if (/^\d{4}(-\d{2})?$/.test(text)) return parseIsoDate(text.length === 4 ? `${text}-01-01` : `${text}-01`);
  const zoned = /T/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text;
  const date = new Date(zoned);
  return Number.isNaN(date.getTime()) ? null : date;
}

function roundDown(at: Date, unit: Unit): Date {
  const parts = [
    at.getUTCFullYear(),
    at.getUTCMonth(),
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
    at.getUTCMilliseconds(),
  ];
  const keep = UNITS.indexOf(unit) + 1;
  const [year, month = 0, day = 1, hour = 0, minute = 0, second = 0, ms = 0] = parts.slice(0, keep);
  return new Date(Date.UTC(year!, month, day, hour, minute, second, ms));
}

function add(at: Date, unit: Unit, amount: number): Date {
  if (unit === 'YEAR' || unit === 'MONTH') {
    const months = at.getUTCMonth() + (unit === 'YEAR' ? 12 * amount : amount);
    const year = at.getUTCFullYear() + Math.floor(months / 12);
    const month = ((months % 12) + 12) % 12;
    // As Solr: Jan 31 + 1 MONTH is the last day of February, not March 3.
    const day = Math.min(at.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
    const result = new Date(at.getTime());
    result.setUTCFullYear(year, month, day);
    return result;
  }
  const ms = { DAY: 86_400_000, HOUR: 3_600_000, MINUTE: 60_000, SECOND: 1000, MILLISECOND: 1 }[unit];
  return new Date(at.getTime() + amount * ms);
}

function notADate(text: string): AftsQueryError {
  return new AftsQueryError(
    `"${text}" is not a date: use an ISO 8601 date, NOW, MIN or MAX, with date math such as NOW/DAY-30DAYS.`,
  );
}
