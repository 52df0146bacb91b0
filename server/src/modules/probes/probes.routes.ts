import type { Handlers } from '../../http/routes.ts';
import { ApiError } from '../../http/errors.ts';

type ProbeHandlers = Pick<Handlers, 'getReadyProbe' | 'getLiveProbe'>;

export function probesRoutes(ping: () => Promise<void>): ProbeHandlers {
  return {
    async getReadyProbe() {
      try {
        await ping();
      } catch {
        throw new ApiError(
          503,
          'framework.exception.ServiceUnavailable',
          'readyProbe: Failure - the database is unreachable',
        );
      }
      return { entry: { message: 'readyProbe: Success - Tested' } };
    },
    async getLiveProbe() {
      return { entry: { message: 'liveProbe: Success - Tested' } };
    },
  };
}
