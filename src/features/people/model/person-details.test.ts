import { describe, expect, it } from 'vitest';
import { fieldOfPasswordError, validatePassword } from './password-form.ts';
import { detailsBody, fieldOfDetailsError, validateDetails, type Details } from './person-details.ts';

const details = (over: Partial<Details> = {}): Details => ({
  firstName: 'Pat',
  lastName: 'Lee',
  email: 'pat@example.com',
  jobTitle: '',
  telephone: '',
  mobile: '',
  location: '',
  description: '',
  ...over,
});

describe('person details', () => {
  it('sends only what changed, an emptied field as empty', () => {
    expect(detailsBody(details(), details())).toEqual({});
    expect(detailsBody(details(), details({ lastName: '', jobTitle: ' Archivist ' }))).toEqual({
      lastName: '',
      jobTitle: 'Archivist',
    });
  });

  it('requires a first name and an email, and finds the field a 400 names', () => {
    expect(validateDetails(details({ firstName: ' ', email: '' }))).toEqual({
      firstName: 'A first name is required.',
      email: 'An email address is required.',
    });
    expect(fieldOfDetailsError("Field 'email' is null/empty, but is required.")).toBe('email');
    expect(fieldOfDetailsError('Something else')).toBeUndefined();
  });
});

describe('password form', () => {
  it('asks for the current password only of people changing their own', () => {
    expect(validatePassword({ oldPassword: '', password: 'a', confirm: 'a' }, true)).toHaveProperty('oldPassword');
    expect(validatePassword({ oldPassword: '', password: 'a', confirm: 'a' }, false)).toEqual({});
    expect(validatePassword({ oldPassword: 'x', password: 'a', confirm: 'b' }, true)).toEqual({
      confirm: 'The two passwords differ.',
    });
  });

  it('puts a wrong or throttled current password (403) on its field, the policy (400) on the new one', () => {
    expect(fieldOfPasswordError(403, 'Incorrect password.')).toBe('oldPassword');
    expect(fieldOfPasswordError(400, "Field 'oldPassword' is null/empty, but is required.")).toBe('oldPassword');
    expect(fieldOfPasswordError(400, 'The password must be at least 8 characters long')).toBe('password');
    expect(fieldOfPasswordError(500, undefined)).toBeUndefined();
  });
});
