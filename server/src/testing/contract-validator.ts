import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { loadContract, type JsonSchema, type OperationSpec } from '../http/openapi.ts';

const contract = loadContract();
const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

// One matcher per route: an operation whose path item has several servers has several URLs.
const matchers = contract.operations.flatMap((op) =>
  op.urls.map((url) => ({
    op,
    pattern: new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+')}$`),
  })),
);

/** The contract operation a request went to, or undefined. */
export function findOperation(method: string, pathname: string): OperationSpec | undefined {
  return matchers.find((m) => m.op.method === method && m.pattern.test(pathname))?.op;
}

/**
 * Validates a response body against the contract. `partial` (a request with `fields`) drops the
 * `required` lists of entries (and of nodes anywhere), since `fields` returns a subset of their keys.
 */
export function validateResponse(op: OperationSpec, status: number, body: unknown, partial: boolean): string[] {
  const schema = op.responses[String(status)] ?? op.responses.default;
  if (!(String(status) in op.responses) && !('default' in op.responses)) {
    return [`${op.operationId}: status ${status} is not in the contract`];
  }
  if (!schema)
    return body === undefined || body === '' ? [] : [`${op.operationId} ${status}: the contract has no JSON body`];
  const key = `${op.operationId}:${status}:${partial}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(partial ? withoutEntryRequired(schema) : schema);
    compiled.set(key, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${op.operationId} ${status}: ${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`,
  );
}

function withoutEntryRequired(schema: JsonSchema): JsonSchema {
  const walk = (value: unknown, isEntry: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v, false));
    if (typeof value !== 'object' || value === null) return value;
    const obj = value as Record<string, unknown>;
    const isNode = typeof obj.properties === 'object' && obj.properties !== null && 'isFolder' in obj.properties;
    return Object.fromEntries(
      Object.entries(obj)
        .filter(([k]) => !((isNode || isEntry) && k === 'required'))
        .map(([k, v]) => [
          k,
          k === 'properties' && typeof v === 'object' && v !== null
            ? Object.fromEntries(Object.entries(v).map(([name, p]) => [name, walk(p, name === 'entry')]))
            : walk(v, false),
        ]),
    );
  };
  return walk(schema, false) as JsonSchema;
}

export { contract };
