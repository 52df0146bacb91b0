/** Alfresco's date format: yyyy-MM-dd'T'HH:mm:ss.SSS+0000 in UTC. */
export function formatDate(epochMs: number): string {
  let text = recentDates.get(epochMs);
  if (text === undefined) {
    text = new Date(epochMs).toISOString().replace('Z', '+0000');
    if (recentDates.size >= RECENT_DATES_MAX) recentDates.clear();
    recentDates.set(epochMs, text);
  }
  return text;
}

// Formatting a date costs more than looking it up, and the same few dates (a node's created and
// modified times) are formatted over and over: the last few thousand are remembered.
const RECENT_DATES_MAX = 4096;
const recentDates = new Map<number, string>();

/** Parses an ISO 8601 date-time (any offset or Z, Alfresco's +0000 too); undefined when invalid. */
export function parseDate(value: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (!m) return undefined;
  const offset = m[3] ? (m[3] === 'Z' ? 'Z' : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z';
  const ms = Date.parse(`${m[1]}T${m[2] ?? '00:00:00'}${offset}`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Drops keys whose values are undefined, null, empty strings, empty arrays or empty objects. */
export function omitEmpty<T extends Record<string, unknown>>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) continue;
    out[key] = value;
  }
  return out as T;
}
