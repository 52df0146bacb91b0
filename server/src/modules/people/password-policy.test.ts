import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, passwordProblem } from './password-policy.ts';

describe('passwordProblem', () => {
  it('accepts a password of the minimum length or more', () => {
    expect(passwordProblem('12345678', 'alice', 8)).toBeUndefined();
    expect(passwordProblem('correct horse battery staple', 'alice', 8)).toBeUndefined();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH), 'alice', 8)).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblem('😀😀😀😀', 'alice', 5)).toMatch(/at least 5 characters/);
    expect(passwordProblem('😀😀😀😀😀', 'alice', 5)).toBeUndefined();
  });

  it.each([
    ['', /is required/],
    ['        ', /is required/],
    ['\t\n  ', /is required/],
    ['1234567', /at least 8 characters/],
    ['alice-password\u0000', /control characters/],
    ['alice\npassword', /control characters/],
    ['alice\u0085password', /control characters/],
    ['x'.repeat(PASSWORD_MAX_LENGTH + 1), /at most 1024 characters/],
    ['Alice.Doe', /user name/],
    ['ALICE.DOE', /user name/],
  ])('refuses %j', (password, message) => {
    expect(passwordProblem(password, 'alice.doe', 8)).toMatch(message);
  });

  it('follows the configured minimum', () => {
    expect(passwordProblem('demo', 'alice', 4)).toBeUndefined();
    expect(passwordProblem('demo', 'alice', 12)).toMatch(/at least 12/);
  });
});
