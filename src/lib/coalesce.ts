/**
 * Calls `run` at once, then at most once per `ms` while calls keep coming: a call inside the
 * window is carried out when it ends, with the last call's arguments. `stop()` drops what waits.
 *
 * For signals that come in bursts, like "a file landed" during a folder upload of hundreds: a
 * listing refetched for each one never finished (each refetch cancelled the one before).
 */
export function coalesce<A extends unknown[]>(run: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: A | undefined;
  const open = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (!waiting) return;
      const args = waiting;
      waiting = undefined;
      run(...args);
      open();
    }, ms);
  };
  const call = (...args: A) => {
    if (timer) {
      waiting = args;
      return;
    }
    run(...args);
    open();
  };
  call.stop = () => {
    clearTimeout(timer);
    timer = undefined;
    waiting = undefined;
  };
  return call;
}
