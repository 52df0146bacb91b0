import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../test/render.tsx';
import { api } from './api-client.ts';
import { session } from './session.ts';

describe('the API client', () => {
  it('sends the ticket as Basic base64(ticket)', async () => {
    session.set({ ticket: 'TICKET_abc', userId: 'admin' });
    const requests = stubApi({ 'GET /probes/-ready-': () => json(200, { entry: { message: 'readyProbe: Success' } }) });
    await api.GET('/probes/-ready-');
    expect(requests[0]?.headers.get('Authorization')).toBe(`Basic ${btoa('TICKET_abc')}`);
  });

  it('ends the session when the ticket is refused', async () => {
    session.set({ ticket: 'TICKET_old', userId: 'admin' });
    stubApi({ 'GET /nodes/-my-': () => json(401, { error: { statusCode: 401, briefSummary: 'no' } }) });
    await api.GET('/nodes/{nodeId}', { params: { path: { nodeId: '-my-' } } });
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('quire.session')).toBeNull();
  });
});
