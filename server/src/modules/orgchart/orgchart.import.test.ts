import { describe, expect, it } from 'vitest';
import { parseChart } from './orgchart.import.ts';

const GOOD = {
  jobs: [
    { id: 'ceo', name: 'Chief Executive' },
    { id: 'dev', name: 'Developer' },
  ],
  units: [
    { id: 'eng', name: 'Engineering', parent: 'acme', weight: 10, members: ['bob', 'carol'] },
    { id: 'acme', name: 'Acme', members: ['alice'] },
    { id: 'web', name: 'Web', parent: 'eng' },
    { id: 'sales', name: 'Sales', parent: 'ACME', weight: -5 },
  ],
  members: [
    { userName: 'alice', job: 'ceo' },
    { userName: 'bob', job: 'DEV' },
  ],
};

const paths = (json: unknown) => parseChart(json).problems.map((p) => p.path);

describe('the chart file', () => {
  it('reads a good file: parents before children, weights default to 0, job ids as defined', () => {
    const { chart, problems, people } = parseChart(GOOD);
    expect(problems).toEqual([]);
    expect(chart!.units.map((u) => u.id)).toEqual(['acme', 'eng', 'sales', 'web']);
    expect(chart!.units.find((u) => u.id === 'acme')).toMatchObject({
      weight: 0,
      members: ['alice'],
      path: 'units[1]',
    });
    expect(chart!.members).toEqual([
      { userName: 'alice', job: 'ceo', path: 'members[0]' },
      { userName: 'bob', job: 'dev', path: 'members[1]' },
    ]);
    expect(people.map((p) => p.path)).toEqual([
      'units[0].members[0]',
      'units[0].members[1]',
      'units[1].members[0]',
      'members[0].userName',
      'members[1].userName',
    ]);
  });

  it('needs an object with units', () => {
    expect(parseChart([]).problems).toEqual([{ path: '(root)', message: 'must be an object, not an array' }]);
    expect(paths({})).toEqual(['units']);
    expect(paths({ units: [] })).toEqual(['units']);
    expect(paths({ units: [{ id: 'a', name: 'A' }], colour: 'red' })).toEqual(['colour']);
  });

  it('reports every problem of every entry with its path', () => {
    const file = {
      jobs: [
        { id: 'x y', name: '' },
        { id: 'dev', name: 'Developer' },
        { id: 'DEV', name: 'Again' },
        { id: 'ops' },
        'job',
      ],
      units: [
        { id: 'acme', name: 'Acme', weight: 1.5, members: ['bob', 'BOB', 'a/b', 7] },
        { id: '-root-', name: 'Bad id', parent: 'acme' },
        { name: 'No id', parent: 'acme', colour: 'red' },
        { id: 'acme', name: 'Twice', parent: 'acme' },
        { id: 'lost', name: 'Lost', parent: 'nowhere', members: 'bob' },
      ],
      members: [{ userName: 'bob', job: 'ghost' }, { userName: 'bob', job: 'dev' }, { job: 'dev' }],
    };
    expect(paths(file)).toEqual([
      'jobs[0].id',
      'jobs[0].name',
      'jobs[2].id',
      'jobs[3].name',
      'jobs[4]',
      'units[0].weight',
      'units[0].members[1]',
      'units[0].members[2]',
      'units[0].members[3]',
      'units[1].id',
      'units[2].colour',
      'units[2].id',
      'units[3].id',
      'units[4].members',
      'units[4].parent',
      'members[0].job',
      'members[1].userName',
      'members[2].userName',
    ]);
  });

  it('wants exactly one root unit', () => {
    const twoRoots = {
      units: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
        { id: 'c', name: 'C', parent: 'a' },
      ],
    };
    expect(parseChart(twoRoots).problems).toEqual([
      { path: 'units[1]', message: 'is a second root unit (units[0] has no parent either): give it a parent' },
    ]);
    const noRoot = {
      units: [
        { id: 'a', name: 'A', parent: 'b' },
        { id: 'b', name: 'B', parent: 'a' },
      ],
    };
    expect(paths(noRoot)).toEqual(['units']);
  });

  it('finds cycles, once each', () => {
    const file = {
      units: [
        { id: 'root', name: 'Root' },
        { id: 'a', name: 'A', parent: 'b' },
        { id: 'b', name: 'B', parent: 'c' },
        { id: 'c', name: 'C', parent: 'a' },
        { id: 'd', name: 'D', parent: 'c' },
        { id: 'self', name: 'Self', parent: 'self' },
      ],
    };
    expect(parseChart(file).problems).toEqual([
      { path: 'units[1].parent', message: 'makes a cycle: a → b → c → a' },
      { path: 'units[5].parent', message: 'makes a cycle: self → self' },
    ]);
  });
});
