import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.ts';
import { unauthorized } from './errors.ts';
import { envelopeOfPath, loadContract } from './openapi.ts';
import { registerOperations, type Handlers } from './routes.ts';

const FIXTURE = `
openapi: 3.1.0
info: { title: fixture, version: '1' }
servers:
  - url: /base
security:
  - basicAuth: []
paths:
  /plain/{id}:
    get:
      operationId: getPlain
      parameters:
        - { name: id, in: path, required: true, schema: { type: string, pattern: '^[a-z]+$' } }
      responses:
        default: { description: error }
  /thing/{id}:
    servers:
      - url: /first/prefix
      - url: /second
    parameters:
      - { name: id, in: path, required: true, schema: { type: string, pattern: '^[a-z]+$' } }
    get:
      operationId: getThing
      x-envelope: orgchart
      responses:
        default: { description: error }
components:
  securitySchemes:
    basicAuth: { type: http, scheme: basic }
`;

/** Fixture directories, removed when the file's tests end. */
const fixtureDirs: string[] = [];
afterAll(() => fixtureDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function fixture(text = FIXTURE): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-contract-'));
  fixtureDirs.push(dir);
  const file = path.join(dir, 'openapi.yaml');
  writeFileSync(file, text);
  return file;
}

async function appFor(file: string) {
  const contract = loadContract(file);
  const app = Fastify();
  installErrorHandler(app);
  const handlers = {
    getPlain: async () => ({ plain: true }),
    getThing: async ({ params }: { params: { id: string } }) => ({
      data: params.id,
      message: 'OK',
      status: { code: 200 },
    }),
  } as unknown as Handlers;
  registerOperations(app, contract, handlers, {
    authenticate: async ({ authorization }) => {
      if (!authorization) throw unauthorized();
      return { id: 'x', isAdmin: false, homeFolderId: null, authorities: new Set<string>() };
    },
  });
  await app.ready();
  return { app, contract };
}

describe('the contract loader', () => {
  it('registers an operation once per server of its path item, under one operationId', async () => {
    const { app, contract } = await appFor(fixture());
    const thing = contract.operations.find((op) => op.operationId === 'getThing')!;
    expect(thing.urls).toEqual(['/first/prefix/thing/:id', '/second/thing/:id']);
    expect(thing.url).toBe('/first/prefix/thing/:id');
    expect(thing.envelope).toBe('orgchart');
    const plain = contract.operations.find((op) => op.operationId === 'getPlain')!;
    expect(plain.urls).toEqual(['/base/plain/:id']);
    expect(plain.envelope).toBe('alfresco');
    const auth = { authorization: 'Basic eDp4' };
    for (const url of ['/first/prefix/thing/abc', '/second/thing/abc']) {
      const res = await app.inject({ url, headers: auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ data: 'abc', message: 'OK', status: { code: 200 } });
    }
    await app.close();
  });

  it('answers errors of x-envelope: orgchart operations in the envelope: 401, 400 from validation', async () => {
    const { app } = await appFor(fixture());
    const noAuth = await app.inject({ url: '/second/thing/abc' });
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json()).toEqual({
      data: null,
      message: expect.stringMatching(/Authentication failed/),
      status: { code: 401 },
    });
    const bad = await app.inject({ url: '/second/thing/ABC', headers: { authorization: 'Basic eDp4' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      data: null,
      message: expect.stringMatching(/path parameter id/),
      status: { code: 400 },
    });
    // Other operations keep Alfresco's error object.
    const plain = await app.inject({ url: '/base/plain/ABC', headers: { authorization: 'Basic eDp4' } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error).toMatchObject({ statusCode: 400, errorKey: 'framework.exception.InvalidArgument' });
    await app.close();
  });

  it('tells which envelope a path that matches no route falls under', () => {
    const contract = loadContract(fixture());
    expect(envelopeOfPath(contract, '/second/nothing-here')).toBe('orgchart');
    expect(envelopeOfPath(contract, '/first/prefix')).toBe('orgchart');
    expect(envelopeOfPath(contract, '/secondary/thing')).toBe('alfresco');
    expect(envelopeOfPath(contract, '/base/plain/x')).toBe('alfresco');
  });

  it('refuses an unknown x-envelope', () => {
    expect(() => loadContract(fixture(FIXTURE.replace('x-envelope: orgchart', 'x-envelope: soap')))).toThrow(
      /getThing: unknown x-envelope "soap"/,
    );
  });
});
