import { describe, expect, it } from 'vitest';
import { fieldOfSiteError, siteIdFromTitle, validateSite } from './site-form.ts';

const form = (over: Partial<Parameters<typeof validateSite>[0]> = {}) => ({
  id: 'team-site',
  title: 'Team site',
  description: '',
  visibility: 'PUBLIC' as const,
  ...over,
});

describe('site form', () => {
  it('makes an id from the title as the server does', () => {
    expect(siteIdFromTitle('  Q3 Launch: Plans & Ideas ')).toBe('q3-launch-plans-ideas');
    expect(siteIdFromTitle('Über')).toBe('ber');
  });

  it('accepts a good site', () => {
    expect(validateSite(form())).toEqual({});
  });

  it('needs a title and an id of letters, digits and dashes', () => {
    expect(validateSite(form({ title: '  ' })).title).toBe('A site needs a title.');
    expect(validateSite(form({ id: '' })).id).toMatch(/needs an id/);
    expect(validateSite(form({ id: 'my site' })).id).toBe('Only letters, digits and dashes (no spaces).');
    expect(validateSite(form({ id: 'a_b' })).id).toBeDefined();
  });

  it('keeps the contract limits', () => {
    expect(validateSite(form({ id: 'a'.repeat(72) })).id).toBeUndefined();
    expect(validateSite(form({ id: 'a'.repeat(73) })).id).toBe('At most 72 characters.');
    expect(validateSite(form({ title: 't'.repeat(257) })).title).toBe('At most 256 characters.');
    expect(validateSite(form({ description: 'd'.repeat(513) })).description).toBe('At most 512 characters.');
  });

  it('puts the server refusals on their fields', () => {
    expect(fieldOfSiteError(409, 'the site short name x is already in use')).toBe('id');
    expect(fieldOfSiteError(400, 'Invalid site id - should consist of alphanumeric/dash characters')).toBe('id');
    expect(fieldOfSiteError(400, 'Site title is expected')).toBe('title');
    expect(fieldOfSiteError(403, 'no')).toBeUndefined();
  });
});
