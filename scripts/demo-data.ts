/**
 * The sample repository of `npm run demo`, created through the public API of a running server:
 * people with different roles, a group, two sites with members, folders and files (one with
 * versions, one locked), permissions, and favorites. The e2e suite seeds the same data.
 */

import { seedOrgChart } from './demo-orgchart.ts';

const API = '/alfresco/api/-default-/public/alfresco/versions/1';

/** Every demo person signs in with this password. */
export const DEMO_PASSWORD = 'demo';

export interface DemoPerson {
  id: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  email: string;
  location?: string;
  telephone?: string;
}

export const DEMO_PEOPLE: DemoPerson[] = [
  { id: 'alice', firstName: 'Alice', lastName: 'Andrews', jobTitle: 'Marketing Manager', email: 'alice@example.com' },
  { id: 'bob', firstName: 'Bob', lastName: 'Brown', jobTitle: 'Software Engineer', email: 'bob@example.com' },
  { id: 'carol', firstName: 'Carol', lastName: 'Chen', jobTitle: 'Product Designer', email: 'carol@example.com' },
  { id: 'dave', firstName: 'Dave', lastName: 'Davis', jobTitle: 'Account Executive', email: 'dave@example.com' },
  { id: 'erin', firstName: 'Erin', lastName: 'Evans', jobTitle: 'Legal Counsel', email: 'erin@example.com' },
];

/** The parts of an answer the seeding reads. */
interface Answer {
  entry?: { id: string };
}

interface Client {
  as(user: string, password?: string): Client;
  call(method: string, path: string, body?: unknown, expected?: number): Promise<Answer>;
  upload(parentId: string, name: string, text: string, fields?: Record<string, string>): Promise<{ id: string }>;
  /** A new version of a file's content (PUT /nodes/{id}/content). */
  putContent(nodeId: string, text: string, query: string): Promise<void>;
}

function client(baseUrl: string, user: string, password: string): Client {
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const check = async (res: Response, what: string, expected: number) => {
    const text = await res.text();
    if (res.status !== expected) throw new Error(`${what} answered ${res.status} (expected ${expected}): ${text}`);
    return (text ? JSON.parse(text) : {}) as Answer;
  };
  return {
    as: (other, otherPassword = DEMO_PASSWORD) => client(baseUrl, other, otherPassword),
    async call(method, path, body, expected = method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200) {
      const res = await fetch(`${baseUrl}${API}${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return check(res, `${user}: ${method} ${path}`, expected);
    },
    async upload(parentId, name, text, fields = {}) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('filedata', new Blob([text], { type: 'text/plain' }), name);
      const res = await fetch(`${baseUrl}${API}/nodes/${parentId}/children`, {
        method: 'POST',
        headers: { authorization },
        body: form,
      });
      return (await check(res, `${user}: upload ${name}`, 201)).entry!;
    },
    async putContent(nodeId, text, query) {
      const res = await fetch(`${baseUrl}${API}/nodes/${nodeId}/content?${query}`, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'text/plain' },
        body: text,
      });
      await check(res, `${user}: PUT content of ${nodeId}`, 200);
    },
  };
}

const folder = async (api: Client, parentId: string, name: string, title?: string) =>
  (
    await api.call('POST', `/nodes/${parentId}/children`, {
      name,
      nodeType: 'cm:folder',
      ...(title ? { properties: { 'cm:title': title } } : {}),
    })
  ).entry!.id;

const libraryOf = async (api: Client, siteId: string) =>
  (await api.call('GET', `/sites/${siteId}/containers/documentLibrary`)).entry!.id;

/** Creates the demo repository; `adminPassword` is the running server's admin password. */
export async function seedDemo(baseUrl: string, adminPassword: string): Promise<void> {
  const admin = client(baseUrl, 'admin', adminPassword);
  for (const p of DEMO_PEOPLE) {
    await admin.call('POST', '/people', { ...p, password: DEMO_PASSWORD, location: p.location ?? 'London' });
  }
  // Erin's account is disabled; Dave has a content quota of 1 MB.
  await admin.call('PUT', '/people/erin', { enabled: false });
  await admin.call('PUT', '/people/dave', { quota: 1_000_000 });

  await admin.call('POST', '/groups', { id: 'GROUP_engineering', displayName: 'Engineering' });
  for (const id of ['bob', 'carol']) {
    await admin.call('POST', '/groups/GROUP_engineering/members', { id, memberType: 'PERSON' });
  }

  const alice = admin.as('alice');
  const bob = admin.as('bob');
  const carol = admin.as('carol');

  // A public marketing site and a private engineering site.
  await alice.call('POST', '/sites', {
    id: 'marketing',
    title: 'Marketing',
    description: 'Campaigns, brand assets and market research',
    visibility: 'PUBLIC',
  });
  await alice.call('POST', '/sites/marketing/members', [
    { id: 'carol', role: 'SiteCollaborator' },
    { id: 'dave', role: 'SiteConsumer' },
  ]);
  await bob.call('POST', '/sites', {
    id: 'engineering',
    title: 'Engineering',
    description: 'Design documents and release notes',
    visibility: 'PRIVATE',
  });
  await bob.call('POST', '/sites/engineering/members', { id: 'carol', role: 'SiteContributor' });

  const marketing = await libraryOf(alice, 'marketing');
  const campaigns = await folder(alice, marketing, 'Campaigns', 'Campaigns 2026');
  const brand = await folder(alice, marketing, 'Brand', 'Brand assets');
  const plan = await alice.upload(campaigns, 'spring-launch-plan.txt', 'Spring launch: goals, channels, budget.\n', {
    'cm:title': 'Spring launch plan',
    'cm:description': 'The plan for the spring product launch',
  });
  await alice.putContent(
    plan.id,
    'Spring launch: goals, channels, budget (approved: 40k).\n',
    'majorVersion=true&comment=Budget+approved',
  );
  await carol.upload(brand, 'style-guide.md', '# Style guide\n\nColours, type and tone of voice.\n');
  await carol.upload(brand, 'logo-usage.txt', 'Keep clear space around the logo.\n');

  const engineering = await libraryOf(bob, 'engineering');
  const designs = await folder(bob, engineering, 'Designs', 'Design documents');
  const architecture = await bob.upload(designs, 'architecture.md', '# Architecture\n\nServices, storage, APIs.\n');
  await bob.call('POST', `/nodes/${architecture.id}/lock`, { type: 'ALLOW_OWNER_CHANGES' }, 200);
  await carol.upload(designs, 'ui-sketches.txt', 'Sketches of the admin app.\n');
  await folder(bob, engineering, 'Release-notes', 'Release notes');

  // Shared: everyone may add; a folder only the engineering group may read.
  const handbook = await folder(admin, '-shared-', 'Handbook', 'Company handbook');
  await admin.upload(handbook, 'welcome.txt', 'Welcome to the company!\n');
  const restricted = await folder(admin, '-shared-', 'Engineering-only');
  await admin.call('PUT', `/nodes/${restricted}`, {
    permissions: {
      isInheritanceEnabled: false,
      locallySet: [{ authorityId: 'GROUP_engineering', name: 'Collaborator' }],
    },
  });
  await admin.upload(restricted, 'on-call-rota.txt', 'Week 1: Bob. Week 2: Carol.\n');

  // Personal files in the home folders.
  await alice.upload('-my-', 'notes.txt', 'Call the agency on Monday.\n');
  await bob.upload('-my-', 'todo.txt', 'Review pull requests.\n');

  // Favorites (sites are favorites of their creators already).
  await alice.call('POST', '/people/-me-/favorites', { target: { file: { guid: plan.id } } });
  await alice.call('POST', '/people/-me-/favorites', { target: { folder: { guid: handbook } } });
  await carol.call('POST', '/people/-me-/favorites', { target: { folder: { guid: designs } } });
  await seedOrgChart(baseUrl, adminPassword, DEMO_PASSWORD);
}
