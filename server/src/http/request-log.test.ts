import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactCredentials, requestForLog } from './request-log.ts';

describe('redactCredentials', () => {
  it('hides tickets in the paths that carry them, and anything shaped like a ticket', () => {
    expect(redactCredentials('/alfresco/s/api/login/ticket/abc?format=json')).toBe(
      '/alfresco/s/api/login/ticket/[redacted]?format=json',
    );
    expect(redactCredentials('/alfresco/api/-default-/public/authentication/versions/1/tickets/xyz')).toBe(
      '/alfresco/api/-default-/public/authentication/versions/1/tickets/[redacted]',
    );
    expect(redactCredentials('/x/TICKET_0123abcd/y')).toBe('/x/[redacted]/y');
  });

  it('leaves -me- and other paths alone', () => {
    const me = '/alfresco/api/-default-/public/authentication/versions/1/tickets/-me-';
    expect(redactCredentials(me)).toBe(me);
    expect(redactCredentials('/nodes/-root-/children')).toBe('/nodes/-root-/children');
  });

  it('hides credentials in the query string', () => {
    expect(redactCredentials('/a?alf_ticket=T&u=admin&pw=secret&x=1')).toBe(
      '/a?alf_ticket=[redacted]&u=admin&pw=[redacted]&x=1',
    );
  });
});

describe('requestForLog', () => {
  it('hides the token of a direct access URL', () => {
    const request = { method: 'GET', host: 'h', ip: '127.0.0.1', socket: undefined };
    const url = '/alfresco/api/-default-/public/alfresco/versions/1/direct-access/eyJuIjoi.c2ln?x=1';
    expect(requestForLog({ ...request, url } as unknown as FastifyRequest).url).toBe(
      '/alfresco/api/-default-/public/alfresco/versions/1/direct-access/[redacted]?x=1',
    );
  });
});
