import { describe, expect, it } from 'vitest';
import { aFile, aFolder, aSharedFolder } from '../../testing/builders.ts';
import { consistentAcls } from '../../testing/acl-consistency.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// Two permission changes of one node at once (through two instances on PostgreSQL), each naming
// only part of the permissions: the node ends as the two applied one after the other, in either
// order; neither undoes the other with what it read before the other committed.

const t = serverWithPeer({ people: ['bob', 'carl'] });

const ROUNDS = 20;

describe('two permission changes of one node at once', () => {
  it('one turning inheritance off and one setting entries: both are in force', async () => {
    const folders = await Promise.all(Array.from({ length: ROUNDS }, () => aFolder(t.server.api)));
    const answers = await Promise.all(
      folders.map((f) =>
        Promise.all([
          t.server.api.put(`/nodes/${f.id}`, { permissions: { isInheritanceEnabled: false } }),
          t.peer.put(`/nodes/${f.id}`, {
            permissions: { locallySet: [{ authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED' }] },
          }),
        ]),
      ),
    );
    for (const pair of answers) expect(pair.map((a) => a.status)).toEqual([200, 200]);
    for (const f of folders) {
      const node = await t.server.api.get(`/nodes/${f.id}`, { query: { include: 'permissions' } });
      const { isInheritanceEnabled, locallySet } = node.body.entry.permissions;
      const entries = (locallySet ?? []).map(
        (e: { authorityId: string; name: string }) => `${e.authorityId} ${e.name}`,
      );
      expect({ isInheritanceEnabled, entries }).toEqual({ isInheritanceEnabled: false, entries: ['bob Consumer'] });
    }
  });
});

describe('a permission change of a folder and one of a folder inside it at once', () => {
  it('ends with every ACL below both as the two give it, and no 5xx', async () => {
    const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Consumer' });
    const scenes = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const p = await aFolder(t.server.api, shared.id);
        const f = await aFolder(t.server.api, p.id);
        const g = await aFolder(t.server.api, f.id);
        const h = await aFolder(t.server.api, g.id);
        const y = await aFile(t.server.api, h.id, 'y');
        return { p: p.id, f: f.id, g: g.id, h: h.id, y: y.id };
      }),
    );
    const bobReads = { locallySet: [{ authorityId: 'bob', name: 'Consumer', accessStatus: 'ALLOWED' }] };
    const carlOnly = {
      isInheritanceEnabled: false,
      locallySet: [{ authorityId: 'carl', name: 'Consumer', accessStatus: 'ALLOWED' }],
    };
    const answers = await Promise.all(
      scenes.map((s, i) =>
        Promise.all([
          t.server.api.put(`/nodes/${s.p}`, { permissions: bobReads }),
          new Promise((resolve) => setTimeout(resolve, i % 3)).then(() =>
            t.peer.put(`/nodes/${s.f}`, { permissions: carlOnly }),
          ),
        ]),
      ),
    );
    for (const pair of answers) expect(pair.map((a) => a.status)).toEqual([200, 200]);
    const bob = t.server.api.as('bob', 'pw');
    const carl = t.server.api.as('carl', 'pw');
    for (const s of scenes) {
      await consistentAcls(t.server, [s.p, s.f, s.g, s.h, s.y], [s.p, s.f]);
      // f inherits nothing: carl alone reads what is below it, whatever p lets others do.
      for (const id of [s.g, s.h, s.y]) {
        expect((await carl.get(`/nodes/${id}`)).status).toBe(200);
        expect((await bob.get(`/nodes/${id}`)).status).toBe(403);
      }
    }
  });
});

describe('a permission change of a folder while folders are created further down', () => {
  it('gives every new folder the ACL the change gives its folder', async () => {
    const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Consumer' });
    const scenes = await Promise.all(
      Array.from({ length: ROUNDS / 2 }, async () => {
        const p = await aFolder(t.server.api, shared.id);
        const f = await aFolder(t.server.api, p.id);
        const g = await aFolder(t.server.api, f.id);
        return { p: p.id, f: f.id, g: g.id };
      }),
    );
    const closed = {
      isInheritanceEnabled: false,
      locallySet: [{ authorityId: 'carl', name: 'Consumer', accessStatus: 'ALLOWED' }],
    };
    const results = await Promise.all(
      scenes.map(async (s) => {
        const [perm, ...created] = await Promise.all([
          t.server.api.put(`/nodes/${s.p}`, { permissions: closed }),
          ...[1, 2, 3, 4].map((n) =>
            t.peer.post(`/nodes/${s.g}/children`, { name: `new-${n}`, nodeType: 'cm:folder' }),
          ),
        ]);
        return { s, perm, created };
      }),
    );
    const bob = t.server.api.as('bob', 'pw');
    for (const { s, perm, created } of results) {
      expect(perm.status).toBe(200);
      expect(created.map((c) => c.status)).toEqual([201, 201, 201, 201]);
      const ids = created.map((c) => c.body.entry.id as string);
      await consistentAcls(t.server, [s.p, s.f, s.g, ...ids], [s.p]);
      for (const id of ids) expect((await bob.get(`/nodes/${id}`)).status, `bob reads ${id}`).toBe(403);
    }
  });
});

describe('a permission change of a folder while nodes with secondary children are created in it', () => {
  it('each create lands before or after the change, none is refused (no 5xx)', async () => {
    const shared = await aSharedFolder(t.server.api, { GROUP_EVERYONE: 'Coordinator' });
    const elsewhere = await aFolder(t.server.api, shared.id);
    const scenes = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const f = await aFolder(t.server.api, shared.id);
        const linked = await aFile(t.server.api, elsewhere.id);
        return { f: f.id, linked: linked.id };
      }),
    );
    const closed = { locallySet: [{ authorityId: 'carl', name: 'Consumer', accessStatus: 'ALLOWED' }] };
    const results = await Promise.all(
      scenes.map(async (s, i) => {
        const [perm, created] = await Promise.all([
          t.server.api.put(`/nodes/${s.f}`, { permissions: closed }),
          new Promise((resolve) => setTimeout(resolve, i % 3)).then(() =>
            t.peer.post(`/nodes/${s.f}/children`, {
              name: 'holder',
              nodeType: 'cm:folder',
              secondaryChildren: [{ childId: s.linked, assocType: 'cm:contains' }],
            }),
          ),
        ]);
        return { s, perm, created };
      }),
    );
    for (const { s, perm, created } of results) {
      expect([perm.status, created.status], JSON.stringify([perm.body, created.body])).toEqual([200, 201]);
      await consistentAcls(t.server, [s.f, created.body.entry.id], [s.f]);
    }
  });
});
