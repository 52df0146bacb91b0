import { describe, expect, it } from 'vitest';
import { effectiveGrants, Access } from '../permissions/access.ts';
import {
  containerPermissions,
  parseRoleGroup,
  roleAmong,
  roleGroup,
  siteIdFromTitle,
  sitePermissions,
  withVisibility,
} from './sites.model.ts';

describe('site ids and groups', () => {
  it.each([
    ['Marketing', 'marketing'],
    ['  Q3  Sales & Ops!  ', 'q3-sales-ops'],
    ['Été 2024', 't-2024'],
    ['a-b  c', 'a-b-c'],
    ['***', ''],
  ])('makes an id from the title %j', (title, id) => {
    expect(siteIdFromTitle(title)).toBe(id);
  });

  it('names and parses role groups', () => {
    expect(roleGroup('sales-1', 'SiteManager')).toBe('GROUP_site_sales-1_SiteManager');
    expect(parseRoleGroup('GROUP_site_sales-1_SiteConsumer')).toEqual({ siteId: 'sales-1', role: 'SiteConsumer' });
    expect(parseRoleGroup('GROUP_site_sales-1')).toBeUndefined();
    expect(parseRoleGroup('GROUP_site_sales_Boss')).toBeUndefined();
    expect(parseRoleGroup('GROUP_ALFRESCO_ADMINISTRATORS')).toBeUndefined();
  });

  it('picks the strongest role among the groups a caller is in', () => {
    const authorities = new Set(['bob', 'GROUP_site_a_SiteConsumer', 'GROUP_site_a_SiteManager']);
    expect(roleAmong('a', authorities)).toBe('SiteManager');
    expect(roleAmong('b', authorities)).toBeUndefined();
  });
});

describe('site permissions', () => {
  const bitsOf = (entries: ReturnType<typeof sitePermissions>['local'], authority: string) =>
    effectiveGrants([entries]).get(authority) ?? 0;

  it('lets everyone read a PUBLIC or MODERATED site node, only members a PRIVATE one', () => {
    for (const visibility of ['PUBLIC', 'MODERATED'] as const) {
      const p = sitePermissions('s', visibility);
      expect(p.inherit).toBe(false);
      expect(bitsOf(p.local, 'GROUP_EVERYONE') & Access.READ).toBe(Access.READ);
    }
    const secret = sitePermissions('s', 'PRIVATE').local;
    expect(bitsOf(secret, 'GROUP_EVERYONE')).toBe(Access.READ_PERMISSIONS);
    expect(bitsOf(secret, 'GROUP_site_s_SiteConsumer') & Access.READ).toBe(Access.READ);
    expect(bitsOf(secret, 'GROUP_site_s_SiteManager') & Access.DELETE).toBe(Access.DELETE);
  });

  it('keeps other entries when the visibility changes', () => {
    const extra = { authorityId: 'bob', name: 'Coordinator', accessStatus: 'ALLOWED' as const };
    const local = [...sitePermissions('s', 'PUBLIC').local, extra];
    const secret = withVisibility(local, 'PRIVATE');
    expect(secret).toContainEqual(extra);
    expect(secret.some((e) => e.authorityId === 'GROUP_EVERYONE' && e.name === 'SiteConsumer')).toBe(false);
    expect(withVisibility(secret, 'MODERATED').filter((e) => e.name === 'SiteConsumer')).toHaveLength(2);
  });

  it('makes a container inherit for PUBLIC and closes it to non-members otherwise', () => {
    expect(containerPermissions('s', 'PUBLIC')).toEqual({ inherit: true, local: [] });
    const closed = containerPermissions('s', 'MODERATED');
    expect(closed.inherit).toBe(false);
    expect(closed.local.map((e) => e.authorityId)).toEqual([
      'GROUP_site_s_SiteManager',
      'GROUP_site_s_SiteCollaborator',
      'GROUP_site_s_SiteContributor',
      'GROUP_site_s_SiteConsumer',
    ]);
    const extra = { authorityId: 'bob', name: 'Editor', accessStatus: 'ALLOWED' as const };
    expect(containerPermissions('s', 'PUBLIC', { ...closed, local: [...closed.local, extra] })).toEqual({
      inherit: true,
      local: [extra],
    });
  });
});
