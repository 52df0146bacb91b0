import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUser } from '../../testing/builders.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createDictionary } from './dictionary.ts';

// Alfresco's legacy dictionary web script, which the Content App's properties panel lays itself
// out from: GET /alfresco/s/api/classes/{prefix}_{name} (and /alfresco/service/…).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const classes = (className: string) => `/alfresco/s/api/classes/${className}`;

describe('GET /alfresco/s/api/classes/{className}', () => {
  it('describes an aspect as the web script does', async () => {
    const res = await server.api.get(classes('cm_titled'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      name: 'cm:titled',
      isAspect: true,
      isContainer: false,
      title: 'Titled',
      description: '',
      parent: {},
      defaultAspects: {},
      properties: {
        'cm:title': expect.objectContaining({ name: 'cm:title', title: 'Title', dataType: 'd:mltext' }),
        'cm:description': expect.objectContaining({ name: 'cm:description', dataType: 'd:mltext' }),
      },
      associations: {},
      childassociations: {},
      url: '/api/classes/cm_titled',
    });
    expect(res.body.properties['cm:title']).toEqual({
      name: 'cm:title',
      title: 'Title',
      description: '',
      dataType: 'd:mltext',
      defaultValue: null,
      multiValued: false,
      mandatory: false,
      enforced: false,
      protected: false,
      indexed: true,
      url: '/api/classes/cm_titled/property/cm_title',
    });
  });

  it('gives a type its inherited properties first, its parent and its mandatory aspects', async () => {
    const res = await server.api.get(classes('cm_content'));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.properties)).toEqual(['cm:name', 'cm:content']);
    expect(res.body.properties['cm:name']).toMatchObject({ mandatory: true, enforced: true, protected: true });
    expect(res.body.parent).toEqual({ name: 'cm:cmobject', title: 'cmobject', url: '/api/classes/cm_cmobject' });
    expect(res.body.defaultAspects).toEqual({
      'cm:auditable': {
        name: 'cm:auditable',
        title: 'Auditable',
        url: '/api/classes/cm_content/property/cm_auditable',
      },
    });
    expect(res.body).toMatchObject({ isAspect: false, isContainer: false });
  });

  it('says that folders are containers through cm:contains', async () => {
    const res = await server.api.get('/alfresco/service/api/classes/st_site');
    expect(res.status).toBe(200);
    expect(res.body.isContainer).toBe(true);
    expect(res.body.childassociations['cm:contains']).toMatchObject({
      source: { class: 'cm:folder', many: true },
      target: { class: 'sys:base', many: true },
    });
    expect(res.body.properties['st:siteVisibility']).toMatchObject({ protected: true });
  });

  it('answers every type and aspect of the model (the panel asks for each of a node’s)', async () => {
    const dictionary = createDictionary();
    for (const c of [...dictionary.types(), ...dictionary.aspects()]) {
      const res = await server.api.get(classes(c.name.replace(':', '_')));
      expect(res.status, c.name).toBe(200);
      expect(res.body.name).toBe(c.name);
    }
  });

  it('answers the aspects and type of a real node, as the panel asks for them', async () => {
    const file = await server.api.upload('-my-', 'panel.txt', 'text', { 'cm:title': 'Panel' });
    expect(file.status).toBe(201);
    const { aspectNames, nodeType } = file.body.entry as { aspectNames: string[]; nodeType: string };
    for (const name of [...aspectNames, nodeType]) {
      expect((await server.api.get(classes(name.replace(':', '_')))).status, name).toBe(200);
    }
  });

  it('is 404 in the web script runtime’s shape for a class the model does not have', async () => {
    for (const name of ['cm_nope', 'nope_titled', 'cmtitled', '_titled', 'cm_', 'cm:titled']) {
      const res = await server.api.get(classes(encodeURIComponent(name)));
      expect(res.status, name).toBe(404);
      expect(res.body.status).toMatchObject({ code: 404, name: 'Not Found' });
      expect(res.body.message).toContain('Check the classname');
    }
  });

  it('takes a ticket as alf_ticket or in Basic, as web scripts do, and refuses anonymous callers', async () => {
    const user = await aUser(server.api);
    const ticket = (
      await server.api.post('/alfresco/api/-default-/public/authentication/versions/1/tickets', {
        userId: user.id,
        password: user.password,
      })
    ).body.entry.id as string;
    const byParam = await server.api.get(classes('cm_titled'), { auth: null, query: { alf_ticket: ticket } });
    expect(byParam.status).toBe(200);
    const byBasic = await server.api.get(classes('cm_titled'), {
      auth: null,
      headers: { authorization: `Basic ${Buffer.from(ticket).toString('base64')}` },
    });
    expect(byBasic.status).toBe(200);
    const anonymous = await server.api.get(classes('cm_titled'), { auth: null });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.status.code).toBe(401);
  });
});

describe('GET /alfresco/s/api/classes/{className}/subclasses', () => {
  const names = (body: { name: string }[]) => body.map((c) => c.name);

  it('lists a type and every type below it, by title', async () => {
    const res = await server.api.get(classes('cm_folder/subclasses'));
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['cm:folder', 'st:site', 'st:sites', 'cm:systemfolder']);
  });

  it('lists only the direct children with r=false, and one namespace with nsp', async () => {
    const direct = await server.api.get(classes('cm_cmobject/subclasses'), { query: { r: 'false' } });
    expect(names(direct.body)).toEqual(['cm:content', 'cm:folder']);
    const sites = await server.api.get(classes('cm_folder/subclasses'), { query: { nsp: 'st' } });
    expect(names(sites.body)).toEqual(['st:site', 'st:sites']);
    const model = await server.api.get(classes('cm_folder/subclasses'), { query: { n: 'st_siteModel' } });
    expect(names(model.body)).toEqual(['st:site', 'st:sites']);
  });

  it('is 404 for an unknown class or namespace, 400 for a bad r', async () => {
    expect((await server.api.get(classes('cm_nope/subclasses'))).status).toBe(404);
    expect((await server.api.get(classes('cm_folder/subclasses'), { query: { nsp: 'zz' } })).status).toBe(404);
    expect((await server.api.get(classes('cm_folder/subclasses'), { query: { r: 'maybe' } })).status).toBe(400);
  });
});
