import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answerClientError } from './client-error.ts';

/** What answerClientError writes for an error with this code. */
function answerFor(code: string): string {
  let written = '';
  const socket = { writable: true, end: (data: string) => (written = data) } as unknown as Socket;
  answerClientError(Object.assign(new Error(code), { code }), socket);
  return written;
}

describe('answerClientError', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408],
    ['HPE_INVALID_METHOD', 400],
  ])('answers %s with %i in the error object', (code, status) => {
    const answer = answerFor(code);
    expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { statusCode: number } };
    expect(body.error.statusCode).toBe(status);
  });

  it('writes nothing to a socket that cannot be written', () => {
    let written = false;
    const socket = { writable: false, end: () => (written = true) } as unknown as Socket;
    answerClientError(new Error('x'), socket);
    expect(written).toBe(false);
  });
});
