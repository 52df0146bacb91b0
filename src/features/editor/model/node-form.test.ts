import { describe, expect, it } from 'vitest';
import type { ModelClass, Node } from '../api/types.ts';
import {
  editableClasses,
  formAspects,
  initialForm,
  planUpdate,
  removedAspects,
  storedValue,
  withAspects,
  type NodeModel,
} from './node-form.ts';

const user = { id: 'admin', displayName: 'Administrator' };
const node: Node = {
  id: 'n1',
  name: 'report.txt',
  nodeType: 'cm:content',
  isFolder: false,
  isFile: true,
  createdAt: '2026-11-22T10:00:00.000+0000',
  modifiedAt: '2026-11-22T10:00:00.000+0000',
  createdByUser: user,
  modifiedByUser: user,
  aspectNames: ['cm:auditable', 'cm:author'],
  properties: { 'cm:author': 'Bob' },
};
const prop = (id: string, title: string, dataType = 'd:text') => ({
  id,
  title,
  dataType,
  isMultiValued: false,
  isMandatory: false,
  isProtected: false,
});
const aspects: ModelClass[] = [
  { id: 'cm:auditable', title: 'Auditable', properties: [] },
  { id: 'cm:author', title: 'Author', properties: [prop('cm:author', 'Author')] },
  { id: 'cm:titled', title: 'Titled', properties: [prop('cm:title', 'Title'), prop('cm:description', 'Description')] },
  { id: 'cm:countable', title: 'Countable', properties: [prop('cm:hits', 'Hits', 'd:int')] },
];
const model: NodeModel = { type: { id: 'cm:content', title: 'Content', properties: [] }, aspects };

describe('the properties form', () => {
  it('sends nothing when nothing changed', () => {
    expect(planUpdate(node, initialForm(), model)).toEqual({ body: null, problems: {} });
  });

  it('adding an aspect sends the complete aspect set and the new values', () => {
    const form = {
      ...withAspects(node, initialForm(), ['cm:auditable', 'cm:author', 'cm:titled']),
      values: { 'cm:title': 'Q4 report', 'cm:description': '' },
    };
    expect(planUpdate(node, form, model).body).toEqual({
      aspectNames: ['cm:auditable', 'cm:author', 'cm:titled'],
      properties: { 'cm:title': 'Q4 report' },
    });
  });

  it('removing an aspect sends the set without it, not its properties, and says what goes', () => {
    const form = { ...withAspects(node, initialForm(), ['cm:auditable']), values: { 'cm:author': 'Carol' } };
    expect(planUpdate(node, form, model).body).toEqual({ aspectNames: ['cm:auditable'] });
    expect(removedAspects(node, form, model)).toEqual([{ id: 'cm:author', title: 'Author', losing: ['Author'] }]);
  });

  it('renames, and empties a property with null', () => {
    const form = { ...initialForm(), name: 'final.txt', values: { 'cm:author': '' } };
    expect(planUpdate(node, form, model).body).toEqual({ name: 'final.txt', properties: { 'cm:author': null } });
  });

  it('explains a bad name or value instead of sending it', () => {
    const form = {
      ...withAspects(node, initialForm(), [...(node.aspectNames ?? []), 'cm:countable']),
      name: 'bad name',
      values: { 'cm:hits': 'many' },
    };
    const plan = planUpdate(node, form, model);
    expect(plan.problems).toEqual({ name: 'A name cannot contain spaces.', 'cm:hits': 'Enter a whole number.' });
    expect(plan.body).toEqual({ aspectNames: ['cm:auditable', 'cm:author', 'cm:countable'] });
  });

  it('follows the server: an aspect the server added (a lock) is neither removed nor a change', () => {
    const form = withAspects(node, initialForm(), [...(node.aspectNames ?? []), 'cm:titled']);
    const locked = { ...node, aspectNames: [...(node.aspectNames ?? []), 'cm:lockable'] };
    expect(formAspects(locked, form)).toEqual(['cm:auditable', 'cm:author', 'cm:lockable', 'cm:titled']);
    expect(removedAspects(locked, form, model)).toEqual([]);
    expect(planUpdate(locked, form, model).body).toEqual({
      aspectNames: ['cm:auditable', 'cm:author', 'cm:lockable', 'cm:titled'],
    });
    expect(planUpdate(locked, initialForm(), model).body).toBeNull();
  });

  it('reads the audit properties and the content from the node itself', () => {
    expect(storedValue(node, 'cm:author')).toBe('Bob');
    expect(storedValue(node, 'cm:creator')).toEqual(user);
    expect(storedValue(node, 'cm:modified')).toBe(node.modifiedAt);
    expect(
      storedValue(
        { ...node, content: { mimeType: 'text/plain', mimeTypeName: 'Plain Text', sizeInBytes: 2048 } },
        'cm:content',
      ),
    ).toBe('Plain Text, 2 KB');
  });
});

describe('Title and Description without the Titled aspect', () => {
  it('offers Titled right after the type, and sends its values without an aspect list', () => {
    expect(editableClasses(model, ['cm:auditable', 'cm:author']).map((c) => c.id)).toEqual([
      'cm:content',
      'cm:titled',
      'cm:auditable',
      'cm:author',
    ]);
    const form = { ...initialForm(), values: { 'cm:title': 'Q3 report' } };
    expect(planUpdate(node, form, model).body).toEqual({ properties: { 'cm:title': 'Q3 report' } });
  });

  it('keeps Titled in a new aspect list when one of its values is set', () => {
    const form = {
      ...withAspects(node, initialForm(), ['cm:auditable']),
      values: { 'cm:description': 'Numbers' },
    };
    expect(planUpdate(node, form, model).body).toEqual({
      aspectNames: ['cm:auditable', 'cm:titled'],
      properties: { 'cm:description': 'Numbers' },
    });
  });
});
