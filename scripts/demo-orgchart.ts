/**
 * The organisation of `npm run demo`, created through the API of a running server after the rest
 * of the sample repository (scripts/demo-data.ts): 17 more people, so 22 in the chart, in 14 units
 * on four levels, each with a job.
 */

const API = '/alfresco/api/-default-/public/alfresco/versions/1';
const ORGCHART = '/alfresco/service/api/ext/orgchart';

interface OrgPerson {
  id: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  location: string;
}

/** The people the organisation adds to the demo's alice, bob, carol, dave and erin. */
export const ORGCHART_PEOPLE: OrgPerson[] = [
  { id: 'grace', firstName: 'Grace', lastName: 'Green', jobTitle: 'Chief Executive Officer', location: 'London' },
  { id: 'heidi', firstName: 'Heidi', lastName: 'Hughes', jobTitle: 'Head of Operations', location: 'London' },
  { id: 'ivan', firstName: 'Ivan', lastName: 'Ivanov', jobTitle: 'Account Executive', location: 'Berlin' },
  { id: 'judy', firstName: 'Judy', lastName: 'Jones', jobTitle: 'Sales Manager', location: 'Paris' },
  { id: 'kim', firstName: 'Kim', lastName: 'Kowalski', jobTitle: 'Sales Manager', location: 'New York' },
  { id: 'leo', firstName: 'Leo', lastName: 'Lopez', jobTitle: 'Account Executive', location: 'Mexico City' },
  { id: 'mia', firstName: 'Mia', lastName: 'Meyer', jobTitle: 'Content Writer', location: 'London' },
  { id: 'nina', firstName: 'Nina', lastName: 'Novak', jobTitle: 'Site Reliability Engineer', location: 'Prague' },
  { id: 'oscar', firstName: 'Oscar', lastName: 'Olsen', jobTitle: 'Platform Lead', location: 'Oslo' },
  { id: 'pat', firstName: 'Pat', lastName: 'Park', jobTitle: 'Applications Lead', location: 'London' },
  { id: 'quinn', firstName: 'Quinn', lastName: 'Quigley', jobTitle: 'Web Developer', location: 'Dublin' },
  { id: 'rita', firstName: 'Rita', lastName: 'Rossi', jobTitle: 'Mobile Developer', location: 'Milan' },
  { id: 'sam', firstName: 'Sam', lastName: 'Smith', jobTitle: 'Mobile Developer', location: 'London' },
  { id: 'tom', firstName: 'Tom', lastName: 'Taylor', jobTitle: 'Finance Manager', location: 'London' },
  { id: 'uma', firstName: 'Uma', lastName: 'Underwood', jobTitle: 'Accountant', location: 'Leeds' },
  { id: 'victor', firstName: 'Victor', lastName: 'Vega', jobTitle: 'Paralegal', location: 'Madrid' },
  { id: 'wendy', firstName: 'Wendy', lastName: 'White', jobTitle: 'People Partner', location: 'London' },
];

const JOBS: [id: string, name: string][] = [
  ['ceo', 'Chief Executive Officer'],
  ['head', 'Head of Department'],
  ['lead', 'Team Lead'],
  ['engineer', 'Software Engineer'],
  ['designer', 'Product Designer'],
  ['seller', 'Sales'],
  ['marketer', 'Marketing'],
  ['finance', 'Finance'],
  ['legal', 'Legal'],
  ['people', 'People and Culture'],
];

/** id, name, parent, weight, members (with their jobs). */
const UNITS: [id: string, name: string, parent: string | null, weight: number, members: [string, string][]][] = [
  ['acme', 'Acme Corporation', null, 0, [['grace', 'ceo']]],
  ['sales', 'Sales and Marketing', 'acme', 10, [['alice', 'head']]],
  ['engineering', 'Engineering', 'acme', 20, [['bob', 'head']]],
  ['operations', 'Operations', 'acme', 30, [['heidi', 'head']]],
  [
    'sales-emea',
    'Sales EMEA',
    'sales',
    10,
    [
      ['judy', 'lead'],
      ['ivan', 'seller'],
      ['dave', 'seller'],
    ],
  ],
  [
    'sales-americas',
    'Sales Americas',
    'sales',
    20,
    [
      ['kim', 'lead'],
      ['leo', 'seller'],
    ],
  ],
  [
    'marketing',
    'Marketing',
    'sales',
    30,
    [
      ['mia', 'marketer'],
      ['alice', 'head'],
    ],
  ],
  [
    'platform',
    'Platform',
    'engineering',
    10,
    [
      ['oscar', 'lead'],
      ['nina', 'engineer'],
    ],
  ],
  [
    'applications',
    'Applications',
    'engineering',
    20,
    [
      ['pat', 'lead'],
      ['quinn', 'engineer'],
      ['carol', 'designer'],
    ],
  ],
  [
    'mobile',
    'Mobile',
    'applications',
    0,
    [
      ['rita', 'engineer'],
      ['sam', 'engineer'],
    ],
  ],
  ['web', 'Web', 'applications', 0, [['quinn', 'engineer']]],
  [
    'finance',
    'Finance',
    'operations',
    10,
    [
      ['tom', 'lead'],
      ['uma', 'finance'],
    ],
  ],
  [
    'legal',
    'Legal',
    'operations',
    20,
    [
      ['erin', 'legal'],
      ['victor', 'legal'],
    ],
  ],
  ['people', 'People and Culture', 'operations', 30, [['wendy', 'people']]],
];

async function call(baseUrl: string, auth: string, method: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`admin: ${method} ${path} answered ${res.status}: ${await res.text()}`);
}

/** Creates the organisation as admin; the new people sign in with `password`. */
export async function seedOrgChart(baseUrl: string, adminPassword: string, password: string): Promise<void> {
  const auth = `Basic ${Buffer.from(`admin:${adminPassword}`).toString('base64')}`;
  for (const p of ORGCHART_PEOPLE) {
    await call(baseUrl, auth, 'POST', `${API}/people`, { ...p, email: `${p.id}@example.com`, password });
  }
  for (const [id, name] of JOBS) await call(baseUrl, auth, 'POST', `${ORGCHART}/job`, { id, name });
  const jobs = new Map<string, string>();
  for (const [id, name, parent, weight, members] of UNITS) {
    await call(baseUrl, auth, 'POST', `${ORGCHART}/unit`, {
      id,
      name,
      weight,
      ...(parent ? { parentId: parent } : {}),
    });
    for (const [userName, job] of members) {
      await call(baseUrl, auth, 'POST', `${ORGCHART}/unit/${id}/members`, { userName });
      jobs.set(userName, job);
    }
  }
  for (const [userName, jobId] of jobs) {
    await call(baseUrl, auth, 'PUT', `${ORGCHART}/member/${userName}/job`, { jobId });
  }
}
