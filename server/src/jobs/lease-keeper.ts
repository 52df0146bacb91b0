/**
 * Renews a running job's lease every quarter of it, whether or not the job makes progress (a long
 * walk, a slow read), one renewal at a time; a failed renewal is left to the next one. `renew`
 * records what it finds (a lease another instance took). `stop` ends the renewals and waits for
 * the one under way.
 */
export function keepLease(renew: () => Promise<void>, leaseMs: number): { stop(): Promise<void> } {
  let renewing: Promise<void> | undefined;
  const timer = setInterval(() => {
    renewing ??= renew()
      .catch(() => undefined)
      .finally(() => (renewing = undefined));
  }, leaseMs / 4);
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}
