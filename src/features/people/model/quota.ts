import { formatBytes } from '../../../lib/format-bytes.ts';

export const MB = 1024 * 1024;
export const UNLIMITED = -1;

/** "12 KB of 1 MB" / "12 KB (no limit)". */
export function describeQuota(quota: number | undefined, used: number | undefined): string {
  const usedText = formatBytes(used ?? 0);
  if (quota === undefined || quota < 0) return `${usedText} (no limit)`;
  return `${usedText} of ${formatBytes(quota)}`;
}

/** How full the quota is, 0–100, or undefined without a limit. */
export function quotaPercent(quota: number | undefined, used: number | undefined): number | undefined {
  if (quota === undefined || quota < 0) return undefined;
  if (quota === 0) return 100;
  return Math.min(100, Math.round(((used ?? 0) / quota) * 100));
}

/** The megabytes typed in the quota field as bytes, or what is wrong with them. */
export function parseQuotaMb(text: string): { bytes?: number; problem?: string } {
  const value = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(value)) return { problem: 'Enter a number of megabytes.' };
  if (value < 0) return { problem: 'A quota cannot be negative.' };
  return { bytes: Math.round(value * MB) };
}
