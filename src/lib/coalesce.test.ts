import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce.ts';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and a burst after it once per window, with its last arguments', () => {
    const run = vi.fn();
    const call = coalesce(run, 1000);
    call('a');
    expect(run.mock.calls).toEqual([['a']]);
    call('b');
    call('c');
    vi.advanceTimersByTime(999);
    expect(run.mock.calls).toEqual([['a']]);
    vi.advanceTimersByTime(1);
    expect(run.mock.calls).toEqual([['a'], ['c']]);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(2);
    call('d');
    expect(run.mock.calls.at(-1)).toEqual(['d']);
  });

  it('drops what waits when stopped', () => {
    const run = vi.fn();
    const call = coalesce(run, 1000);
    call('a');
    call('b');
    call.stop();
    vi.advanceTimersByTime(5000);
    expect(run.mock.calls).toEqual([['a']]);
  });
});
