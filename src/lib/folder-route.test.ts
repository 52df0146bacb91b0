import { describe, expect, it } from 'vitest';
import { folderHref, parentHref, placeOf, siteOf } from './folder-route.ts';

const els = (...names: string[]) => names.map((name, i) => ({ id: `id-${i}`, name }));
const site = els('Company Home', 'Sites', 'marketing', 'documentLibrary');

describe('folder routes', () => {
  it('opens a folder inside a site library in the site', () => {
    expect(folderHref({ id: 'f', name: 'Campaigns' }, site)).toBe('/sites/marketing/folder/f');
    expect(folderHref({ id: 'g', name: 'Q1' }, [...site, ...els('Campaigns')])).toBe('/sites/marketing/folder/g');
  });

  it('opens the document library itself as the site', () => {
    expect(folderHref({ id: 'lib', name: 'documentLibrary' }, site.slice(0, 3))).toBe('/sites/marketing');
    expect(siteOf(site.slice(0, 3), 'documentLibrary')).toBe('marketing');
  });

  it('opens everything else in Files', () => {
    expect(folderHref({ id: 'h', name: 'Handbook' }, els('Company Home', 'Shared'))).toBe('/browse/h');
    expect(folderHref({ id: 's', name: 'marketing' }, els('Company Home', 'Sites'))).toBe('/browse/s');
    expect(folderHref({ id: 'x', name: 'other' }, site.slice(0, 3))).toBe('/browse/x');
    expect(folderHref({ id: 'y', name: 'a' }, els('Company Home', 'Sites', 'marketing', 'dataLists'))).toBe(
      '/browse/y',
    );
    expect(folderHref({ id: 'z' })).toBe('/browse/z');
  });

  it("gives a node's parent folder from its path", () => {
    expect(parentHref({ parentId: 'id-3', path: { elements: site } })).toBe('/sites/marketing');
    expect(parentHref({ parentId: 'id-4', path: { elements: [...site, ...els('Campaigns')] } })).toBe(
      '/sites/marketing/folder/id-0',
    );
    expect(parentHref({ parentId: 'p' })).toBe('/browse/p');
  });

  it('says where a node is without the internal Sites and documentLibrary folders', () => {
    expect(placeOf([...site, ...els('Campaigns')])).toEqual({
      site: 'marketing',
      folders: [{ id: 'id-0', name: 'Campaigns', href: '/sites/marketing/folder/id-0' }],
    });
    expect(placeOf(site)).toEqual({ site: 'marketing', folders: [] });
    const shared = placeOf(els('Company Home', 'Shared'));
    expect(shared.site).toBeNull();
    expect(shared.folders.map((f) => f.name)).toEqual(['Company Home', 'Shared']);
    expect(placeOf(els('Company Home', 'Sites', 'marketing', 'dataLists')).site).toBeNull();
  });
});
