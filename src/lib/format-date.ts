/**
 * The one way the app writes a date and time (Intl, the browser's locale and time zone): relative
 * when recent ("5 minutes ago", "in 2 hours"), the date otherwise ("Nov 25, 2026, 12:05 PM"), and
 * the full date for a tooltip.
 */

/** How far from now a date still reads as relative: a week. */
export const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

/** The repository writes `2026-11-22T10:15:00.000+0000`; every browser reads `+00:00`. */
export function parseApiDate(value: string): Date | undefined {
  const date = new Date(value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const toDate = (value: string | Date): Date | undefined => (typeof value === 'string' ? parseApiDate(value) : value);

const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** "Nov 25, 2026, 12:05 PM"; a value that is not a date is returned as it is. */
export function formatDateTime(value: string | Date | undefined): string {
  if (value === undefined) return '';
  const date = toDate(value);
  return date ? absolute.format(date) : String(value);
}

/** "Wednesday, November 25, 2026 at 12:05:15 PM UTC": for a tooltip. */
export function formatFullDateTime(value: string | Date | undefined): string {
  if (value === undefined) return '';
  const date = toDate(value);
  return date ? full.format(date) : String(value);
}

/** "5 minutes ago", "in 2 hours", "yesterday", "in 30 seconds", "now". */
export function formatRelative(value: string | Date, now = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const diff = date.getTime() - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return relative.format(Math.round(diff / 1000), 'second');
}

/** Relative when within a week of now, the date otherwise. */
export function formatWhen(value: string | Date | undefined, now = Date.now()): string {
  if (value === undefined) return '';
  const date = toDate(value);
  if (!date) return String(value);
  return Math.abs(date.getTime() - now) < RECENT_MS ? formatRelative(date, now) : formatDateTime(date);
}
