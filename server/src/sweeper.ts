import type { FastifyInstance } from 'fastify';

/**
 * Runs a background job (the content sweeper, the trash purge) every `intervalMs` (0: never), the
 * first time a minute after start; its result is logged under `name`, a failure too. The timers do
 * not keep the process alive and stop on close.
 */
export function scheduleSweeps(
  fastify: FastifyInstance,
  intervalMs: number,
  sweep: () => Promise<object>,
  name = 'content sweep',
): void {
  if (intervalMs <= 0) return;
  const run = () =>
    sweep()
      .then((r) => fastify.log.info(r, name))
      .catch((err: unknown) => fastify.log.error({ err }, `${name} failed`));
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  fastify.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
