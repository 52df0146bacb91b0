import { availableParallelism } from 'node:os';

/**
 * One e2e server per Playwright worker: worker n (its parallelIndex, 0 … workers-1) drives the
 * server on E2E_PORT + n, which has a data directory and demo repository of its own, so spec files
 * running at the same time never see each other's changes.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * How many workers (and servers): E2E_WORKERS, else one per two cores. One worker with its browser
 * and server keeps about 1.5 cores busy, so on a 2-core machine a second one only makes each slower.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.floor(availableParallelism() / 2)));

/** The address of the server of the worker with this parallelIndex. */
export const serverUrl = (parallelIndex: number) => `http://127.0.0.1:${E2E_BASE_PORT + parallelIndex}`;
