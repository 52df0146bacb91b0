import { expect } from 'vitest';
import type { ApiResponse } from './api-client.ts';

/** A change answered by one instance is in force on every other at most this long after the answer (ADR 0021). */
export const IN_FORCE_BOUND_MS = 100;

/**
 * Asks `ask` (another instance) every few milliseconds until `done` holds; fails when a request sent
 * more than IN_FORCE_BOUND_MS after `since` (the writer's answer) still did not. Returns
 * `<label> <ms> ms`: when the request that saw the change was sent, after the answer.
 */
export async function inForceWithin(
  label: string,
  since: number,
  ask: () => Promise<ApiResponse>,
  done: (r: ApiResponse) => boolean,
): Promise<string> {
  for (;;) {
    const sentAt = performance.now();
    const res = await ask();
    if (done(res)) return `${label} ${Math.max(0, sentAt - since).toFixed(1)} ms`;
    if (sentAt - since > IN_FORCE_BOUND_MS) {
      throw new Error(
        `${label}: still ${res.status} on the other instance ${(sentAt - since).toFixed(0)} ms after the answer`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * Runs `write` (through one instance) once `ask` (through another) has just answered as `before`,
 * so the other instance remembers the old state; returns when the write was answered.
 */
export async function writeAfterWarming(
  ask: () => Promise<ApiResponse>,
  before: (r: ApiResponse) => boolean,
  write: () => Promise<ApiResponse>,
): Promise<number> {
  const warm = await ask();
  expect(before(warm), `before the change: ${warm.status}`).toBe(true);
  const res = await write();
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return performance.now();
}

/** An answer with this status. */
export const status = (code: number) => (r: ApiResponse) => r.status === code;
