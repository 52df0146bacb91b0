import { describe, expect, it } from 'vitest';
import { describeQuota, parseQuotaMb, quotaPercent } from './quota.ts';

describe('quota', () => {
  it('describes the use against the limit', () => {
    expect(describeQuota(1024 * 1024, 512 * 1024)).toBe('512 KB of 1 MB');
    expect(describeQuota(-1, 0)).toBe('0 bytes (no limit)');
    expect(quotaPercent(1000, 250)).toBe(25);
    expect(quotaPercent(-1, 250)).toBeUndefined();
    expect(quotaPercent(10, 99)).toBe(100);
  });

  it('reads megabytes', () => {
    expect(parseQuotaMb('2')).toEqual({ bytes: 2 * 1024 * 1024 });
    expect(parseQuotaMb('0,5')).toEqual({ bytes: 512 * 1024 });
    expect(parseQuotaMb('lots').problem).toBeDefined();
    expect(parseQuotaMb('-3').problem).toBe('A quota cannot be negative.');
  });
});
