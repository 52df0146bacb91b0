/** Small statistics and formatting helpers. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export function fmt(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const mb = (bytes: number): number => bytes / (1024 * 1024);

/** Milliseconds since `start` (from process.hrtime.bigint()). */
export const since = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;
