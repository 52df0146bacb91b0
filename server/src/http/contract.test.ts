import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { generateSchemaTypes } from '../../../openapi/generate.ts';
import { findOperation, validateResponse } from '../testing/contract-validator.ts';
import type { RequestAuthenticator } from './principal.ts';
import { loadContract } from './openapi.ts';
import { registerOperations, type Handlers } from './routes.ts';

const contract = loadContract();
const noAuth: RequestAuthenticator = {
  authenticate: async () => ({ id: 'x', isAdmin: false, homeFolderId: null, authorities: new Set<string>() }),
};
const handlersFor = (ids: string[]) =>
  Object.fromEntries(ids.map((id) => [id, async () => ({})])) as unknown as Handlers;

describe('the contract', () => {
  it('generates exactly the committed openapi/schema.gen.ts', async () => {
    const committed = await readFile(new URL('../../../openapi/schema.gen.ts', import.meta.url), 'utf8');
    expect(committed === (await generateSchemaTypes()), 'schema.gen.ts is stale: run npm run contract:gen').toBe(true);
  });

  it('gives every operation an operationId, a default response and a route under the public base path', () => {
    expect(contract.basePath).toBe('/alfresco/api/-default-/public/alfresco/versions/1');
    for (const op of contract.operations) {
      expect(op.operationId, `${op.method} ${op.path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.responses, op.operationId).toHaveProperty('default');
    }
  });

  it('refuses to start when an operation has no handler, or a handler no operation', () => {
    const ids = contract.operations.map((op) => op.operationId);
    expect(() => registerOperations(Fastify(), contract, handlersFor(ids.slice(1)), noAuth)).toThrow(
      /No handler: \[getReadyProbe\]/,
    );
    expect(() => registerOperations(Fastify(), contract, handlersFor([...ids, 'extraThing']), noAuth)).toThrow(
      /not in contract: \[extraThing\]/,
    );
  });

  it('registers a route for every operation', async () => {
    const app = Fastify();
    registerOperations(app, contract, handlersFor(contract.operations.map((op) => op.operationId)), noAuth);
    await app.ready();
    for (const op of contract.operations) {
      for (const url of op.urls) expect(app.hasRoute({ method: op.method, url }), op.operationId).toBe(true);
    }
    await app.close();
  });

  it('has a response validator that catches bodies the contract does not describe', () => {
    const op = findOperation('GET', `${contract.basePath}/nodes/abc`)!;
    expect(op.operationId).toBe('getNode');
    expect(validateResponse(op, 200, { entry: { id: 'abc' } }, false).length).toBeGreaterThan(0);
    expect(validateResponse(op, 200, { entry: { id: 'abc' } }, true)).toEqual([]);
    expect(validateResponse(op, 200, { entry: { id: 'abc', surprise: 1 } }, true).length).toBeGreaterThan(0);
    // A status the operation does not list falls under `default`: the error object.
    expect(validateResponse(op, 418, {}, false).length).toBeGreaterThan(0);
    const error = {
      errorKey: 'k',
      statusCode: 418,
      briefSummary: 's',
      stackTrace: 't',
      descriptionURL: 'u',
      logId: 'l',
    };
    expect(validateResponse(op, 418, { error }, false)).toEqual([]);
  });
});
