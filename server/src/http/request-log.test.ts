import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestForLog } from './request-log.ts';

const logged = (url: string) =>
  requestForLog({ method: 'GET', url, host: 'h', ip: '127.0.0.1', socket: undefined } as unknown as FastifyRequest).url;

describe('requestForLog', () => {
  it('hides credentials in a query string', () => {
    expect(logged('/a?alf_ticket=TICKET_1&x=1')).toBe('/a?alf_ticket=[redacted]&x=1');
  });

  it('hides the token of a direct access URL', () => {
    expect(logged('/alfresco/api/-default-/public/alfresco/versions/1/direct-access/eyJuIjoi.c2ln?x=1')).toBe(
      '/alfresco/api/-default-/public/alfresco/versions/1/direct-access/[redacted]?x=1',
    );
  });
});
