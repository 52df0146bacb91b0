import { describe, expect, it } from 'vitest';
import {
  emptyPersonForm,
  fieldOfPersonError,
  parseProperties,
  personIdProblem,
  toPersonBody,
  validatePerson,
  type PersonForm,
} from './person-form.ts';

const aForm = (over: Partial<PersonForm> = {}): PersonForm => ({
  ...emptyPersonForm(),
  id: 'frank',
  firstName: 'Frank',
  email: 'frank@example.com',
  password: 'secret',
  ...over,
});

describe('person form validation (the server rules)', () => {
  it('accepts a person with the four required fields', () => {
    expect(validatePerson(aForm())).toEqual({});
  });

  it('requires id, first name, email and password (blank is empty)', () => {
    const errors = validatePerson(aForm({ id: ' ', firstName: '', email: '  ', password: ' ' }));
    expect(Object.keys(errors).sort()).toEqual(['email', 'firstName', 'id', 'password']);
  });

  it('refuses the ids the server refuses', () => {
    expect(personIdProblem('GROUP_x')).toMatch(/GROUP_ or ROLE_/);
    expect(personIdProblem('role_admin')).toMatch(/GROUP_ or ROLE_/);
    expect(personIdProblem('a/b')).toMatch(/cannot contain/);
    expect(personIdProblem('a"b')).toMatch(/cannot contain/);
    expect(personIdProblem('-me-')).toMatch(/reserved for the system/);
    expect(personIdProblem('System')).toMatch(/reserved for the system/);
    expect(personIdProblem('GUEST')).toMatch(/reserved for the system/);
    expect(personIdProblem('anonymous')).toMatch(/reserved for the system/);
    expect(personIdProblem('x'.repeat(100))).toBeUndefined();
    expect(personIdProblem('x'.repeat(101))).toBe('At most 100 characters.');
    expect(personIdProblem('jane.doe@example.com')).toBeUndefined();
  });

  it('checks custom aspects and properties as the server does', () => {
    expect(validatePerson(aForm({ aspectNames: 'acme:employee, cm:titled' })).aspectNames).toMatch(/reserved/);
    expect(validatePerson(aForm({ aspectNames: 'employee' })).aspectNames).toMatch(/not a prefixed name/);
    expect(validatePerson(aForm({ properties: '{"acme:team": "Sales", "acme:ids": [1, 2]}' }))).toEqual({});
    expect(validatePerson(aForm({ properties: '{oops' })).properties).toMatch(/JSON object/);
    expect(validatePerson(aForm({ properties: '[1]' })).properties).toMatch(/JSON object/);
    expect(parseProperties('{"acme:x": {"a": 1}}').problem).toMatch(/must be a string, number, boolean/);
    expect(parseProperties('{"usr:x": 1}').problem).toMatch(/reserved/);
  });
});

describe('toPersonBody', () => {
  it('leaves out empty text and an empty company', () => {
    expect(toPersonBody(aForm({ lastName: '  ' }))).toEqual({
      id: 'frank',
      firstName: 'Frank',
      email: 'frank@example.com',
      password: 'secret',
      enabled: true,
      emailNotificationsEnabled: true,
    });
  });

  it('sends every field that is filled in', () => {
    const form = aForm({
      jobTitle: 'Buyer',
      enabled: false,
      aspectNames: 'acme:a acme:b',
      properties: '{"acme:k":"v"}',
    });
    form.company.organization = 'Acme';
    expect(toPersonBody(form)).toMatchObject({
      jobTitle: 'Buyer',
      enabled: false,
      company: { organization: 'Acme' },
      aspectNames: ['acme:a', 'acme:b'],
      properties: { 'acme:k': 'v' },
    });
  });
});

describe('server refusals on fields', () => {
  it('puts 409 on the id and named 400s on their fields', () => {
    expect(fieldOfPersonError(409, "Person 'alice' already exists.")).toBe('id');
    expect(fieldOfPersonError(400, "Field 'email' is null/empty, but is required.")).toBe('email');
    expect(fieldOfPersonError(400, 'A person id cannot start with GROUP_ or ROLE_: GROUP_x')).toBe('id');
    expect(fieldOfPersonError(403, 'Only administrators can create people')).toBeUndefined();
    expect(fieldOfPersonError(400, 'The password must not be the user name')).toBe('password');
    expect(fieldOfPersonError(400, 'The password must be at least 8 characters long')).toBe('password');
    expect(fieldOfPersonError(400, 'The person id System is reserved for the system')).toBe('id');
  });
});
