import { describe, expect, it } from 'vitest';
import { ApiError, cleanSummary, describeError, describeErrorAbout, unwrap, unwrapEnvelope } from './errors.ts';

const body = (statusCode: number, briefSummary: string) => ({ errorKey: 'k', statusCode, briefSummary });

describe('ApiError and describeError', () => {
  it('drops the log number of a summary', () => {
    expect(cleanSummary('11220007 Duplicate child name not allowed: x')).toBe('Duplicate child name not allowed: x');
  });

  it('unwraps data, throws the server summary', () => {
    expect(unwrap({ data: 1, response: new Response(null, { status: 200 }) })).toBe(1);
    const failed = () =>
      unwrap({ error: { error: body(404, '11220001 nope') }, response: new Response(null, { status: 404 }) });
    expect(failed).toThrow(ApiError);
    expect(failed).toThrow('nope');
  });

  it('unwraps the org chart envelope; its message is the summary of an error', () => {
    const ok = {
      data: { data: [1], message: 'OK', status: { code: 200 } },
      response: new Response(null, { status: 200 }),
    };
    expect(unwrapEnvelope(ok)).toEqual([1]);
    const failed = () =>
      unwrapEnvelope({
        error: { data: null, message: 'Unit a cannot move under its own subunit b', status: { code: 400 } },
        response: new Response(null, { status: 400 }),
      });
    expect(failed).toThrow(ApiError);
    expect(failed).toThrow('Unit a cannot move under its own subunit b');
  });

  it('says what happened in words', () => {
    expect(describeError(new ApiError(409, body(409, '11220001 Duplicate child name not allowed: Reports')))).toBe(
      'An item named “Reports” already exists here. Choose another name.',
    );
    expect(
      describeError(
        new ApiError(
          422,
          body(
            422,
            '1 Found 1 integrity violations:\nInvalid property value: \n   Constraint: a b is not a valid node name: it must not contain spaces',
          ),
        ),
      ),
    ).toBe('The repository refused it: a b is not a valid node name: it must not contain spaces');
    expect(
      describeError(new ApiError(409, body(409, 'Cannot perform operation since the node (id:n1) is locked.'))),
    ).toBe('The item is locked, so it cannot be changed: Cannot perform operation since the node (id:n1) is locked.');
    expect(describeError(new ApiError(413))).toMatch(/too large/);
    expect(describeError(new ApiError(507))).toMatch(/quota/);
    expect(describeError(new ApiError(403, body(403, 'Permission denied')))).toBe(
      'You are not allowed to do this: Permission denied',
    );
    expect(describeError(new ApiError(500))).toMatch(/problem \(500\)/);
    expect(describeError(new TypeError('Failed to fetch'))).toMatch(/cannot be reached/);
  });
});

describe('describeErrorAbout', () => {
  it('names the node instead of its id', () => {
    const error = new ApiError(409, {
      briefSummary: '10270001 Cannot perform operation since the node (id:abc-1) is locked.',
    });
    expect(describeErrorAbout(error, { id: 'abc-1', name: 'plan.txt' })).toBe(
      'The item is locked, so it cannot be changed: Cannot perform operation since “plan.txt” is locked.',
    );
  });
});
