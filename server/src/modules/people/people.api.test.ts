import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aFile, aUser, uniqueName, type TestUser } from '../../testing/builders.ts';
import { contentFiles } from '../../testing/content-files.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  bob = await aUser(server.api, { id: 'bob' });
  carol = await aUser(server.api, { id: 'carol' });
});
afterAll(() => server.close());

const validBody = (id = uniqueName('p')) => ({
  id,
  firstName: 'Pat',
  email: `${id}@example.com`,
  password: 'pw-long-enough',
});

describe('POST /people', () => {
  it('round-trips every field of personBodyCreate', async () => {
    const body = {
      id: 'full-person',
      firstName: 'Fiona',
      lastName: 'Fuller',
      description: 'Knows everything',
      email: 'fiona@example.com',
      skypeId: 'fiona.skype',
      googleId: 'fiona@gmail.example',
      instantMessageId: 'fiona-im',
      jobTitle: 'Archivist',
      location: 'Basement',
      company: {
        organization: 'Acme',
        address1: '1 Road',
        address2: 'Floor 2',
        address3: 'Desk 3',
        postcode: 'AB1 2CD',
        telephone: '0100',
        fax: '0101',
        email: 'office@acme.example',
      },
      mobile: '0700',
      telephone: '0200',
      userStatus: 'Filing',
      enabled: true,
      emailNotificationsEnabled: false,
      password: 'secret-password',
      aspectNames: ['acme:staff'],
      properties: { 'acme:badge': 'B-17', 'acme:floors': [1, 2] },
    };
    const res = await server.api.post('/people', body);
    expect(res.status).toBe(201);
    const { password, ...expected } = body;
    expect(password).toBe('secret-password');
    expect(res.body.entry).toMatchObject({ ...expected, displayName: 'Fiona Fuller' });
    expect(res.body.entry).not.toHaveProperty('password');
    expect(res.body.entry.capabilities).toEqual({ isAdmin: false, isGuest: false, isMutable: true });
    const read = await server.api.get('/people/full-person');
    expect(read.body.entry).toEqual(res.body.entry);
    // The password works.
    expect((await server.api.as('full-person', 'secret-password').get('/people/-me-')).status).toBe(200);
  });

  it('applies the defaults: enabled, email notifications, an empty company, no quota', async () => {
    const res = await server.api.post('/people', validBody('minimal-person'));
    expect(res.status).toBe(201);
    expect(res.body.entry).toMatchObject({
      id: 'minimal-person',
      displayName: 'Pat',
      enabled: true,
      emailNotificationsEnabled: true,
      company: {},
      quota: -1,
      quotaUsed: 0,
    });
    expect(res.body.entry).not.toHaveProperty('lastName');
  });

  it.each(['id', 'firstName', 'email', 'password'])('answers 400 when %s is missing or empty', async (field) => {
    const body: Record<string, unknown> = validBody();
    delete body[field];
    expect((await server.api.post('/people', body)).status).toBe(400);
    const empty = { ...validBody(), [field]: field === 'id' ? ' ' : '' };
    const res = await server.api.post('/people', empty);
    expect(res.status).toBe(400);
    expect(res.body.error.errorKey).toBe('framework.exception.InvalidArgument');
    if (field !== 'id') expect((await server.api.get(`/people/${empty.id}`)).status).toBe(404);
  });

  it.each(['avatarId', 'statusUpdatedAt', 'quota', 'quotaUsed', 'capabilities', 'displayName'])(
    'answers 400 for the read-only field %s',
    async (field) => {
      const body = { ...validBody(), [field]: field === 'quota' || field === 'quotaUsed' ? 10 : 'x' };
      expect((await server.api.post('/people', body)).status).toBe(400);
      expect((await server.api.get(`/people/${body.id}`)).status).toBe(404);
    },
  );

  it('checks in order: fields (400), then the caller (403), then the id (409)', async () => {
    const { password: _pw, ...noPassword } = validBody('bob');
    // bob exists: a non-admin with a bad body gets 400, with a good one 403; the admin gets 409.
    expect((await bob.api.post('/people', noPassword)).status).toBe(400);
    expect((await bob.api.post('/people', { ...validBody('bob'), id: 'GROUP_x' })).status).toBe(400);
    expect((await bob.api.post('/people', validBody('bob'))).status).toBe(403);
    expect((await server.api.post('/people', noPassword)).status).toBe(400);
    expect((await server.api.post('/people', validBody('bob'))).status).toBe(409);
  });

  it('refuses non-administrators with 403 and creates nothing', async () => {
    const body = validBody();
    const res = await bob.api.post('/people', body);
    expect(res.status).toBe(403);
    expect(res.body.error.errorKey).toBe('framework.exception.PermissionDenied');
    expect((await server.api.get(`/people/${body.id}`)).status).toBe(404);
    expect((await server.api.as(body.id, 'pw-long-enough').get('/people/-me-')).status).toBe(401);
  });

  it('answers 409 for an existing id, compared case-insensitively, and keeps the first person', async () => {
    const res = await server.api.post('/people', {
      ...validBody('BOB'),
      firstName: 'Impostor',
      password: 'other-password',
    });
    expect(res.status).toBe(409);
    expect((await server.api.post('/people', validBody('bob'))).status).toBe(409);
    const read = await server.api.get('/people/bob');
    expect(read.body.entry.firstName).toBe('Bob');
    expect((await server.api.as('bob', 'other-password').get('/people/-me-')).status).toBe(401);
    expect((await bob.api.get('/people/-me-')).status).toBe(200);
  });

  it.each([
    ['a'.repeat(101)],
    ['GROUP_people'],
    ['group_people'],
    ['ROLE_boss'],
    ['Role_boss'],
    ['a/b'],
    ['a\\b'],
    ['a"b'],
    ['a\nb'],
    ['a\rb'],
    ['-me-'],
  ])('answers 400 for the id %j', async (id) => {
    const res = await server.api.post('/people', { ...validBody(), id });
    expect(res.status).toBe(400);
  });

  it.each(['System', 'system', 'SYSTEM', 'guest', 'Guest', 'anonymous', 'ANONYMOUS', '-ME-'])(
    'refuses the reserved authority name %j with a 400 that says so, and creates nothing',
    async (id) => {
      const res = await server.api.post('/people', { ...validBody(), id });
      expect(res.status).toBe(400);
      expect(res.body.error.briefSummary).toMatch(/reserved/);
      expect((await server.api.get(`/people/${id}`)).status).toBe(404);
    },
  );

  it('accepts an id of 100 characters', async () => {
    const id = `x${'y'.repeat(99)}`;
    expect((await server.api.post('/people', validBody(id))).status).toBe(201);
  });

  it.each(['cm:title', 'sys:node-uuid', 'usr:username', 'CM:title'])(
    'answers 400 for a property in the reserved namespace of %s',
    async (name) => {
      const body = { ...validBody(), properties: { [name]: 'x' } };
      expect((await server.api.post('/people', body)).status).toBe(400);
      expect((await server.api.get(`/people/${body.id}`)).status).toBe(404);
    },
  );

  it('creates a disabled person who cannot sign in', async () => {
    const body = { ...validBody(), enabled: false };
    expect((await server.api.post('/people', body)).status).toBe(201);
    expect((await server.api.as(body.id, body.password).get('/people/-me-')).status).toBe(401);
  });
});

describe('the password policy', () => {
  const refusals: [string, RegExp][] = [
    ['', /is required/],
    ['   \t  ', /is required/],
    ['short', /at least 8 characters/],
    ['1234567', /at least 8 characters/],
    ['with\u0000nul-inside', /control characters/],
    ['line\nbreak-inside', /control characters/],
  ];

  it.each(refusals)(
    'refuses a new person with the password %j (400 that says why) and creates nothing',
    async (password, message) => {
      const body = { ...validBody(), password };
      const res = await server.api.post('/people', body);
      expect(res.status).toBe(400);
      expect(res.body.error.briefSummary).toMatch(message);
      expect((await server.api.get(`/people/${body.id}`)).status).toBe(404);
    },
  );

  it('refuses the user name as the password, in any letter case', async () => {
    const id = uniqueName('Pat.Smith');
    const res = await server.api.post('/people', { ...validBody(id), password: id.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body.error.briefSummary).toMatch(/user name/);
  });

  it.each([...refusals, ['SELF', /user name/] as [string, RegExp]])(
    "refuses the new password %j of a self-service change and of an administrator's reset, changing nothing",
    async (given, message) => {
      const ida = await aUser(server.api);
      const password = given === 'SELF' ? ida.id : given;
      const own = await ida.api.put('/people/-me-', { password, oldPassword: ida.password });
      expect(own.status).toBe(400);
      expect(own.body.error.briefSummary).toMatch(message);
      const reset = await server.api.put(`/people/${ida.id}`, { password });
      expect(reset.status).toBe(400);
      expect(reset.body.error.briefSummary).toMatch(message);
      expect((await ida.api.get('/people/-me-')).status).toBe(200);
    },
  );

  it('does not count a refused new password as a wrong old one', async () => {
    const jon = await aUser(server.api);
    for (let i = 0; i < 12; i += 1) {
      expect((await jon.api.put('/people/-me-', { password: 'short', oldPassword: 'wrong' })).status).toBe(400);
    }
    const ok = await jon.api.put('/people/-me-', { password: 'a-good-new-one', oldPassword: jon.password });
    expect(ok.status).toBe(200);
  });
});

describe('PASSWORD_MIN_LENGTH', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ PASSWORD_MIN_LENGTH: '12' });
  });
  afterAll(() => strict.close());

  it('sets the minimum length', async () => {
    const res = await strict.api.post('/people', { ...validBody(), password: '11-chars-pw' });
    expect(res.status).toBe(400);
    expect(res.body.error.briefSummary).toMatch(/at least 12 characters/);
    expect((await strict.api.post('/people', { ...validBody(), password: '12-chars-pwd' })).status).toBe(201);
  });
});

describe('home folders', () => {
  it("gives each person a home folder under User Homes that is the person's -my-", async () => {
    const dan = await aUser(server.api);
    const home = await dan.api.get('/nodes/-my-', { query: { include: 'path,allowableOperations,permissions' } });
    expect(home.status).toBe(200);
    expect(home.body.entry).toMatchObject({ name: dan.id, isFolder: true, nodeType: 'cm:folder' });
    expect(home.body.entry.path.name).toBe('/Company Home/User Homes');
    expect(home.body.entry.allowableOperations).toEqual(['delete', 'update', 'create', 'updatePermissions']);
    expect(home.body.entry.permissions.isInheritanceEnabled).toBe(false);
    expect(home.body.entry.permissions.locallySet).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ authorityId: 'ROLE_OWNER', name: 'All', accessStatus: 'ALLOWED' }),
        expect.objectContaining({ authorityId: dan.id, name: 'All', accessStatus: 'ALLOWED' }),
      ]),
    );
    expect(home.body.entry.permissions).not.toHaveProperty('inherited');
    // The person has full control there.
    const folder = await dan.api.post('/nodes/-my-/children', { name: 'stuff', nodeType: 'cm:folder' });
    expect(folder.status).toBe(201);
    const file = await aFile(dan.api, '-my-', 'mine');
    expect((await dan.api.put(`/nodes/${file.id}`, { properties: { 'cm:title': 'T' } })).status).toBe(200);
    expect((await dan.api.delete(`/nodes/${folder.body.entry.id}`)).status).toBe(204);
  });

  it('keeps other people out of a home folder (403) but not administrators', async () => {
    const erin = await aUser(server.api);
    const home = (await erin.api.get('/nodes/-my-')).body.entry;
    const file = await aFile(erin.api, '-my-', 'private');
    for (const id of [home.id, file.id]) {
      expect((await bob.api.get(`/nodes/${id}`)).status).toBe(403);
    }
    expect((await bob.api.get(`/nodes/${home.id}/children`)).status).toBe(403);
    expect((await bob.api.post(`/nodes/${home.id}/children`, { name: 'x', nodeType: 'cm:folder' })).status).toBe(403);
    expect((await bob.api.get(`/nodes/${file.id}/content`)).status).toBe(403);
    expect((await server.api.get(`/nodes/${home.id}/children`)).body.list.pagination.totalItems).toBe(1);
    // Listing User Homes shows another person only their own home.
    const homes = await bob.api.get(`/nodes/${home.parentId as string}/children`, { query: { maxItems: 1000 } });
    const names = homes.body.list.entries.map((e: { entry: { name: string } }) => e.entry.name);
    expect(names).toContain('bob');
    expect(names).not.toContain(erin.id);
  });
});

describe('GET /people', () => {
  beforeAll(async () => {
    for (const [id, firstName, lastName] of [
      ['list-c', 'Ursula', 'Alpha'],
      ['list-a', 'Walter', 'Charlie'],
      ['list-b', 'Victor', 'Bravo'],
    ]) {
      await aUser(server.api, { id, firstName, lastName, email: `${id}@lists.example` });
    }
  });

  const ids = (res: { body: { list: { entries: { entry: { id: string } }[] } } }) =>
    res.body.list.entries.map((e) => e.entry.id);

  it('lists everyone by id for any signed-in person, paged', async () => {
    const all = await bob.api.get('/people', { query: { maxItems: 1000 } });
    expect(all.status).toBe(200);
    const everyone = ids(all);
    expect(everyone).toEqual([...everyone].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(everyone).toEqual(expect.arrayContaining(['admin', 'bob', 'carol', 'list-a']));
    const total = all.body.list.pagination.totalItems;
    expect(total).toBe(everyone.length);
    const page = await bob.api.get('/people', { query: { skipCount: 1, maxItems: 2 } });
    expect(ids(page)).toEqual(everyone.slice(1, 3));
    expect(page.body.list.pagination).toEqual({
      count: 2,
      hasMoreItems: true,
      totalItems: total,
      skipCount: 1,
      maxItems: 2,
    });
    const last = await bob.api.get('/people', { query: { skipCount: total - 1, maxItems: 2 } });
    expect(last.body.list.pagination).toMatchObject({ count: 1, hasMoreItems: false });
  });

  it('shows minimal entries: no capabilities unless asked, no quota to non-administrators', async () => {
    const res = await bob.api.get('/people', { query: { where: "(search='list-a')" } });
    expect(res.body.list.entries[0].entry).not.toHaveProperty('capabilities');
    expect(res.body.list.entries[0].entry).not.toHaveProperty('quota');
    const withCaps = await bob.api.get('/people', { query: { where: "(search='list-a')", include: 'capabilities' } });
    expect(withCaps.body.list.entries[0].entry.capabilities).toEqual({
      isAdmin: false,
      isGuest: false,
      isMutable: false,
    });
    const asAdmin = await server.api.get('/people', { query: { where: "(search='list-a')" } });
    expect(asAdmin.body.list.entries[0].entry).toMatchObject({ quota: -1, quotaUsed: 0 });
  });

  it('orders by firstName and lastName, ascending or descending', async () => {
    const search = { where: "(search='lists.example')" };
    expect(ids(await bob.api.get('/people', { query: { ...search, orderBy: 'firstName' } }))).toEqual([
      'list-c',
      'list-b',
      'list-a',
    ]);
    expect(ids(await bob.api.get('/people', { query: { ...search, orderBy: 'lastName DESC' } }))).toEqual([
      'list-a',
      'list-b',
      'list-c',
    ]);
    expect(ids(await bob.api.get('/people', { query: { ...search, orderBy: 'id desc' } }))).toEqual([
      'list-c',
      'list-b',
      'list-a',
    ]);
  });

  it('searches id, first and last name and email, case-insensitively', async () => {
    expect(ids(await bob.api.get('/people', { query: { where: "(search='VICTOR')" } }))).toEqual(['list-b']);
    expect(ids(await bob.api.get('/people', { query: { where: "(search='alpha')" } }))).toEqual(['list-c']);
    const byEmail = await bob.api.get('/people', { query: { where: "(search='@lists.example')" } });
    expect(byEmail.body.list.pagination.totalItems).toBe(3);
    const none = await bob.api.get('/people', { query: { where: "(search='%')" } });
    expect(none.body.list.pagination.totalItems).toBe(0);
  });

  it.each([
    [{ orderBy: 'email' }],
    [{ orderBy: 'displayName' }],
    [{ orderBy: 'id SIDEWAYS' }],
    [{ where: "(firstName='Victor')" }],
    [{ where: 'search' }],
    [{ maxItems: 0 }],
    [{ skipCount: -1 }],
  ])('answers 400 for %j', async (query) => {
    expect((await bob.api.get('/people', { query })).status).toBe(400);
  });
});

describe('GET /people/{id}', () => {
  it('resolves -me- to the caller, with capabilities and quota', async () => {
    const res = await bob.api.get('/people/-me-');
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({
      id: 'bob',
      capabilities: { isAdmin: false, isGuest: false, isMutable: true },
      quota: -1,
    });
    expect(typeof res.body.entry.quotaUsed).toBe('number');
  });

  it("shows another person without quota and as not mutable; admin's capabilities say so", async () => {
    const res = await bob.api.get('/people/carol');
    expect(res.body.entry.capabilities).toEqual({ isAdmin: false, isGuest: false, isMutable: false });
    expect(res.body.entry).not.toHaveProperty('quota');
    expect(res.body.entry).not.toHaveProperty('quotaUsed');
    const admin = await bob.api.get('/people/admin');
    expect(admin.body.entry.capabilities.isAdmin).toBe(true);
  });

  it('finds people case-insensitively and answers 404 for nobody', async () => {
    expect((await bob.api.get('/people/CAROL')).body.entry.id).toBe('carol');
    const res = await bob.api.get('/people/nobody-here');
    expect(res.status).toBe(404);
    expect(res.body.error.errorKey).toBe('framework.exception.EntityNotFound');
  });
});

describe('PUT /people/{id}', () => {
  it('lets a person change their own profile, and -me- works', async () => {
    const res = await bob.api.put('/people/-me-', { jobTitle: 'Builder', company: { organization: 'Bob Ltd' } });
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ id: 'bob', jobTitle: 'Builder', company: { organization: 'Bob Ltd' } });
    expect((await server.api.get('/people/bob')).body.entry.jobTitle).toBe('Builder');
  });

  it("refuses another person's profile with 403 and changes nothing", async () => {
    const res = await bob.api.put('/people/carol', { firstName: 'Hacked' });
    expect(res.status).toBe(403);
    expect((await server.api.get('/people/carol')).body.entry.firstName).toBe('Carol');
    expect((await bob.api.put('/people/nobody-here', { firstName: 'X' })).status).toBe(404);
  });

  it('lets administrators change anyone', async () => {
    const res = await server.api.put('/people/carol', { location: 'Lab' });
    expect(res.status).toBe(200);
    expect(res.body.entry.location).toBe('Lab');
  });

  it.each([[{ firstName: '' }], [{ email: '' }], [{ firstName: ' ' }], [{ properties: { 'cm:title': 'x' } }]])(
    'answers 400 for %j',
    async (body) => {
      expect((await bob.api.put('/people/-me-', body)).status).toBe(400);
      expect((await server.api.get('/people/bob')).body.entry.firstName).toBe('Bob');
    },
  );

  it('changes a password only with the right oldPassword (403 wrong, 400 missing)', async () => {
    const fay = await aUser(server.api);
    expect((await fay.api.put('/people/-me-', { password: 'new-password' })).status).toBe(400);
    expect((await fay.api.put('/people/-me-', { password: 'new-password', oldPassword: '' })).status).toBe(400);
    const wrong = await fay.api.put('/people/-me-', { password: 'new-password', oldPassword: 'wrong' });
    expect(wrong.status).toBe(403);
    expect((await fay.api.put('/people/-me-', { oldPassword: fay.password })).status).toBe(400);
    expect((await fay.api.put('/people/-me-', { password: '', oldPassword: fay.password })).status).toBe(400);
    // Nothing changed so far.
    expect((await fay.api.get('/people/-me-')).status).toBe(200);
    const ok = await fay.api.put('/people/-me-', { password: 'new-password', oldPassword: fay.password });
    expect(ok.status).toBe(200);
    expect((await fay.api.get('/people/-me-')).status).toBe(401);
    expect((await server.api.as(fay.id, 'new-password').get('/people/-me-')).status).toBe(200);
  });

  it("lets an administrator reset a password without the old one, not another person's", async () => {
    const gus = await aUser(server.api);
    expect((await bob.api.put(`/people/${gus.id}`, { password: 'taken-over' })).status).toBe(403);
    expect((await gus.api.get('/people/-me-')).status).toBe(200);
    expect((await server.api.put(`/people/${gus.id}`, { password: 'reset-password' })).status).toBe(200);
    expect((await gus.api.get('/people/-me-')).status).toBe(401);
    expect((await server.api.as(gus.id, 'reset-password').get('/people/-me-')).status).toBe(200);
  });

  it('lets only administrators enable and disable people', async () => {
    const hal = await aUser(server.api);
    expect((await hal.api.put('/people/-me-', { enabled: false })).status).toBe(403);
    expect((await bob.api.put(`/people/${hal.id}`, { enabled: false })).status).toBe(403);
    expect((await hal.api.get('/people/-me-')).body.entry.enabled).toBe(true);
    const off = await server.api.put(`/people/${hal.id}`, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.entry.enabled).toBe(false);
    expect((await hal.api.get('/people/-me-')).status).toBe(401);
    expect((await server.api.put(`/people/${hal.id}`, { enabled: true })).status).toBe(200);
    expect((await hal.api.get('/people/-me-')).status).toBe(200);
  });

  it('refuses to disable an administrator (403)', async () => {
    expect((await server.api.put('/people/admin', { enabled: false })).status).toBe(403);
    const ivy = await aUser(server.api);
    const member = await server.api.post('/groups/GROUP_ALFRESCO_ADMINISTRATORS/members', {
      id: ivy.id,
      memberType: 'PERSON',
    });
    expect(member.status).toBe(201);
    expect((await server.api.put(`/people/${ivy.id}`, { enabled: false })).status).toBe(403);
    expect((await ivy.api.get('/people/-me-')).body.entry).toMatchObject({
      enabled: true,
      capabilities: { isAdmin: true },
    });
    expect((await server.api.get('/people/admin')).body.entry.enabled).toBe(true);
  });

  it('lets only administrators set a quota', async () => {
    const jo = await aUser(server.api);
    expect((await jo.api.put('/people/-me-', { quota: 1_000_000 })).status).toBe(403);
    expect((await jo.api.get('/people/-me-')).body.entry.quota).toBe(-1);
    const res = await server.api.put(`/people/${jo.id}`, { quota: 500 });
    expect(res.status).toBe(200);
    expect(res.body.entry.quota).toBe(500);
    expect((await jo.api.get('/people/-me-')).body.entry.quota).toBe(500);
    expect((await server.api.put(`/people/${jo.id}`, { quota: -2 })).status).toBe(400);
  });
});

describe('quota', () => {
  const used = async (user: TestUser) => (await user.api.get('/people/-me-')).body.entry.quotaUsed as number;
  const homeCount = async (user: TestUser) =>
    (await user.api.get('/nodes/-my-/children')).body.list.pagination.totalItems as number;

  it('counts the bytes of the files a person owns', async () => {
    const kim = await aUser(server.api);
    expect(await used(kim)).toBe(0);
    const file = await aFile(kim.api, '-my-', 'x'.repeat(30));
    expect(await used(kim)).toBe(30);
    await aFile(kim.api, '-my-', 'y'.repeat(12));
    expect(await used(kim)).toBe(42);
    const put = await kim.api.put(`/nodes/${file.id}/content`, 'z'.repeat(10), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    // The upload was version 1.0: its 30 bytes stay, in the history, beside the new 10.
    expect(await used(kim)).toBe(52);
    // In the trash it still counts (as in Alfresco); purged, it is gone.
    expect((await kim.api.delete(`/nodes/${file.id}`)).status).toBe(204);
    expect(await used(kim)).toBe(52);
    expect((await kim.api.delete(`/deleted-nodes/${file.id}`)).status).toBe(204);
    expect(await used(kim)).toBe(12);
  });

  it('refuses an upload over the quota with 507, creating no node and leaving no file behind', async () => {
    const lou = await aUser(server.api);
    expect((await server.api.put(`/people/${lou.id}`, { quota: 100 })).status).toBe(200);
    await aFile(lou.api, '-my-', 'a'.repeat(60));
    const before = await contentFiles(server.dataDir);
    const res = await lou.api.upload('-my-', 'too-big.bin', Buffer.alloc(41));
    expect(res.status).toBe(507);
    expect(res.body.error.errorKey).toBe('framework.exception.InsufficientStorage');
    expect(await homeCount(lou)).toBe(1);
    expect(await contentFiles(server.dataDir)).toEqual(before);
    expect(await used(lou)).toBe(60);
    // Exactly up to the quota is fine.
    expect((await lou.api.upload('-my-', 'fits.bin', Buffer.alloc(40))).status).toBe(201);
    expect(await used(lou)).toBe(100);
    expect((await lou.api.upload('-my-', 'one-more.bin', Buffer.alloc(1))).status).toBe(507);
  });

  it('refuses a content update over the quota with 507 and keeps the old content', async () => {
    const max = await aUser(server.api);
    expect((await server.api.put(`/people/${max.id}`, { quota: 50 })).status).toBe(200);
    const file = await aFile(max.api, '-my-', 'b'.repeat(30));
    const before = await contentFiles(server.dataDir);
    const res = await max.api.put(`/nodes/${file.id}/content`, 'c'.repeat(51), {
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(507);
    expect((await max.api.get(`/nodes/${file.id}/content`)).raw.toString()).toBe('b'.repeat(30));
    expect(await contentFiles(server.dataDir)).toEqual(before);
    // Version 1.0 keeps its 30 bytes: 20 more fit, 21 do not.
    const text = { headers: { 'content-type': 'text/plain' } };
    expect((await max.api.put(`/nodes/${file.id}/content`, 'd'.repeat(21), text)).status).toBe(507);
    expect((await max.api.put(`/nodes/${file.id}/content`, 'd'.repeat(20), text)).status).toBe(200);
    expect(await used(max)).toBe(50);
  });

  it('does not let a copy take a person over their quota', async () => {
    const ned = await aUser(server.api);
    expect((await server.api.put(`/people/${ned.id}`, { quota: 20 })).status).toBe(200);
    const big = await aFile(carol.api, '-shared-', 'e'.repeat(100));
    const res = await ned.api.post(`/nodes/${big.id}/copy`, { targetParentId: '-my-' });
    expect(res.status).toBe(507);
    expect(await homeCount(ned)).toBe(0);
    expect(await used(ned)).toBe(0);
  });
});

describe('display names on nodes', () => {
  it('shows a renamed person under their new name on their nodes at once', async () => {
    const dora = await aUser(server.api, { firstName: 'Dora', lastName: 'Old' });
    const file = await aFile(dora.api, '-my-');
    const before = await dora.api.get(`/nodes/${file.id}`);
    expect(before.body.entry.createdByUser).toEqual({ id: dora.id, displayName: 'Dora Old' });
    expect((await server.api.put(`/people/${dora.id}`, { lastName: 'New' })).status).toBe(200);
    const after = await dora.api.get(`/nodes/${file.id}`);
    expect(after.body.entry.createdByUser).toEqual({ id: dora.id, displayName: 'Dora New' });
    expect(after.body.entry.modifiedByUser.displayName).toBe('Dora New');
  });
});
