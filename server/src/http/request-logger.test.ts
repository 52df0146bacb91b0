import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogger } from './request-logger.ts';

/** A Fastify server logging into an array through requestLogger, with one route that logs at each level. */
async function serverLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: requestLogger });
  app.get('/log', async (request) => {
    request.log.debug('a debug line');
    request.log.info({ detail: 1 }, 'an info line');
    request.log.warn('a warn line');
    return { level: request.log.level };
  });
  app.get('/child', async (request) => {
    request.log.child({ part: 'x' }).warn('from a child');
    return {};
  });
  app.get('/quiet', { logLevel: 'error' }, async (request) => {
    request.log.warn('not written: the route logs errors only');
    return {};
  });
  await app.ready();
  return { app, lines };
}

describe('requestLogger', () => {
  it('writes what the level enables, each line with its request id, and nothing else', async () => {
    const { app, lines } = await serverLoggingAt('warn');
    const res = await app.inject({ url: '/log' });
    expect(res.json()).toEqual({ level: 'warn' });
    expect(lines.map((l) => l.msg)).toEqual(['a warn line']);
    expect(lines[0]!.reqId).toBe('req-1');
    await app.close();
  });

  it('writes Fastify’s request lines and the route’s at level info, with their fields and request id', async () => {
    const { app, lines } = await serverLoggingAt('info');
    await app.inject({ url: '/log' });
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'an info line', 'a warn line', 'request completed']);
    expect(new Set(lines.map((l) => l.reqId))).toEqual(new Set(['req-1']));
    expect(lines[1]!.detail).toBe(1);
    await app.close();
  });

  it('gives children the request id and their own bindings, and honours a route’s log level', async () => {
    const { app, lines } = await serverLoggingAt('warn');
    await app.inject({ url: '/child' });
    await app.inject({ url: '/quiet' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'from a child', reqId: 'req-1', part: 'x' });
    await app.close();
  });
});
