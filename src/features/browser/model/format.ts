export { formatBytes } from '../../../lib/format-bytes.ts';

/** The contract's `2026-11-22T10:15:00.000+0000` as a Date. */
export function parseApiDate(value: string): Date {
  return new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(value: string | undefined): string {
  if (!value) return '';
  const date = parseApiDate(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}
