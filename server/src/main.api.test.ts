import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDialect } from './testing/test-database.ts';
import { freePort, startServerProcess as startProcess, waitForReady } from './testing/server-process.ts';

const API = '/alfresco/api/-default-/public/alfresco/versions/1';

describe('the server process', () => {
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'quire-main-'));
    database = testDialect === 'postgres' ? await createPostgresDatabase() : undefined;
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The server on a random port, logging at info, admin's password `secret-pw`. */
  const startServer = async () => {
    const port = await freePort();
    const proc = startProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'secret-pw',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    return { port, proc };
  };

  it('stops at start with a message naming a bad variable', async () => {
    const proc = startProcess({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await proc.exited).toBe(2);
    expect(proc.output()).toContain('PORT="eighty"');
  });

  it('lets an in-flight upload finish on SIGTERM, then exits cleanly', async () => {
    const { port, proc } = await startServer();
    await waitForReady(port, proc);
    const boundary = 'b0undary';
    const response = new Promise<{ status: number; body: string; connection: string | undefined }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: `${API}/nodes/-my-/children`,
            headers: {
              authorization: `Basic ${Buffer.from('admin:secret-pw').toString('base64')}`,
              'content-type': `multipart/form-data; boundary=${boundary}`,
            },
          },
          (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="slow.txt"\r\n\r\nfirst half `,
        );
        setTimeout(() => {
          proc.child.kill('SIGTERM');
          setTimeout(() => req.end(`second half\r\n--${boundary}--\r\n`), 300);
        }, 300);
      },
    );
    const result = await response;
    expect(result.status).toBe(201);
    expect(JSON.parse(result.body).entry.content.sizeInBytes).toBe('first half second half'.length);
    // The answer ends its keep-alive connection, so the client sends nothing more on it.
    expect(result.connection).toBe('close');
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain('SIGTERM received');
    // The password is never logged.
    expect(proc.output()).not.toContain('secret-pw');
  }, 90_000);

  it('keeps tickets and passwords sent in a query string out of the log', async () => {
    const { port, proc } = await startServer();
    try {
      await waitForReady(port, proc);
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/alfresco/api/-default-/public/authentication/versions/1/tickets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'admin', password: 'secret-pw' }),
      });
      expect(login.status).toBe(201);
      const ticket = ((await login.json()) as { entry: { id: string } }).entry.id;
      expect((await fetch(`${base}${API}/nodes/-root-?alf_ticket=${ticket}`)).status).toBe(200);
      await fetch(`${base}/alfresco/service/api/login?u=admin&pw=secret-pw`);
      // Wait for the log lines of both requests.
      for (let i = 0; i < 50 && !proc.output().includes('/alfresco/service/api/login'); i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(proc.output()).toContain('alf_ticket=[redacted]');
      expect(proc.output()).toContain('pw=[redacted]');
      expect(proc.output()).not.toContain(ticket);
      expect(proc.output()).not.toContain('secret-pw');
    } finally {
      proc.child.kill('SIGTERM');
      await proc.exited;
    }
  }, 90_000);

  it('keeps tickets in URL paths out of the log and out of error messages', async () => {
    const { port, proc } = await startServer();
    try {
      await waitForReady(port, proc);
      const base = `http://127.0.0.1:${port}`;
      const signIn = async () => {
        const res = await fetch(`${base}/alfresco/service/api/login?u=admin&pw=secret-pw&format=json`);
        return ((await res.json()) as { data: { ticket: string } }).data.ticket;
      };
      const [first, second] = [await signIn(), await signIn()];
      const unknown = `TICKET_${'0'.repeat(40)}`;
      const other = 'not-a-ticket-but-secret';
      const answers: { status: number; text: string }[] = [];
      const send = async (method: string, url: string, ticket = first) => {
        const res = await fetch(`${base}${url}`, { method, headers: { authorization: `Basic ${btoa(ticket)}` } });
        answers.push({ status: res.status, text: await res.text() });
      };
      await send('GET', `/alfresco/service/api/login/ticket/${first}`);
      await send('GET', `/alfresco/s/api/login/ticket/${unknown}?format=json`);
      await send('GET', `/alfresco/service/api/login/ticket/${other}`);
      await send('POST', `/alfresco/service/api/login/ticket/${second}`);
      await send('DELETE', `/alfresco/s/api/login/ticket/${second}`, second);
      await send('GET', `/alfresco/api/-default-/public/authentication/versions/1/tickets/${unknown}`);
      await send('DELETE', `/alfresco/api/-default-/public/authentication/versions/1/tickets/${other}`);
      await send('GET', `/alfresco/service/api/login/ticket/${unknown}/more`);
      expect(answers.map((a) => a.status)).toEqual([200, 404, 404, 405, 200, 400, 400, 404]);
      for (let i = 0; i < 50 && !proc.output().includes('/more'); i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(proc.output()).toContain('/alfresco/service/api/login/ticket/[redacted]');
      expect(proc.output()).toContain('/authentication/versions/1/tickets/[redacted]');
      for (const secret of [first, second, unknown, other]) {
        expect(proc.output()).not.toContain(secret);
        // The ticket of a valid answer is its content; no error message repeats one.
        for (const a of answers.filter((x) => x.status >= 400)) expect(a.text).not.toContain(secret);
      }
    } finally {
      proc.child.kill('SIGTERM');
      await proc.exited;
    }
  }, 90_000);
});
