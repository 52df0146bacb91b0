import { describe, expect, it } from 'vitest';
import { targetProblem } from './picker.ts';

const folder = (id: string, ancestors: string[] = [], ops: ('create' | 'delete')[] = ['create']) => ({
  id,
  allowableOperations: ops,
  path: { elements: ancestors.map((a) => ({ id: a, name: a, nodeType: 'cm:folder' })) },
});

describe('targetProblem', () => {
  const items = [{ id: 'a', parentId: 'p' }];
  it('accepts a folder that takes children', () => {
    expect(targetProblem(folder('t', ['root']), items, 'copy')).toBeUndefined();
    expect(targetProblem(folder('t', ['root']), items, 'move')).toBeUndefined();
  });
  it('needs create on the target', () => {
    expect(targetProblem(folder('t', [], []), items, 'copy')).toMatch(/cannot add/);
  });
  it('never into an item itself or below it', () => {
    expect(targetProblem(folder('a'), items, 'move')).toMatch(/into itself/);
    expect(targetProblem(folder('t', ['root', 'a']), items, 'copy')).toMatch(/copied into itself/);
  });
  it('a move to where the items are is nothing to do; a copy there is up to the server', () => {
    expect(targetProblem(folder('p'), items, 'move')).toMatch(/already/);
    expect(targetProblem(folder('p'), items, 'copy')).toBeUndefined();
  });
});
