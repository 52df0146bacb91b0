import { formatBytes } from '../../../lib/format-bytes.ts';
import { nameProblem, type NamePolicy } from '../../../lib/name-rules.ts';
import type { ModelClass, ModelProperty, Node, NodeBodyUpdate } from '../api/types.ts';
import { editorKind, fromDraft, sameDraft, toDraft, type Draft } from './property-values.ts';

/**
 * What the properties form edits, as changes to the node as the server last described it: never a
 * copy of it. A lock, an unlock or someone else's save changes the node under the form, and what
 * the person did not touch follows the server (no phantom "unsaved changes", no stale aspect list).
 */
export interface NodeForm {
  /** The new name, or null while it is the node's. */
  name: string | null;
  /** Aspects added and removed by the person. */
  added: string[];
  removed: string[];
  /** Editor values by property id; a property not here still has its stored value. */
  values: Record<string, Draft>;
}

/** The content model the form needs: the node's type and every aspect (`GET /aspects`). */
export interface NodeModel {
  type: ModelClass | undefined;
  aspects: readonly ModelClass[];
}

/** A form with no changes. */
export const initialForm = (): NodeForm => ({ name: null, added: [], removed: [], values: {} });

/** The name the form shows. */
export const formName = (node: Node, form: NodeForm): string => form.name ?? node.name;

/** The aspects the form shows: the node's, less those removed, then those added. */
export function formAspects(node: Node, form: NodeForm): string[] {
  const current = node.aspectNames ?? [];
  return [
    ...current.filter((name) => !form.removed.includes(name)),
    ...form.added.filter((name) => !current.includes(name)),
  ];
}

/** The form after the person set the aspect list to `next`. */
export function withAspects(node: Node, form: NodeForm, next: readonly string[]): NodeForm {
  const current = node.aspectNames ?? [];
  return {
    ...form,
    added: next.filter((name) => !current.includes(name)),
    removed: current.filter((name) => !next.includes(name)),
  };
}

/** The classes whose properties the node has with this aspect set: its type, then its aspects in order. */
export function activeClasses(model: NodeModel, aspectNames: readonly string[]): ModelClass[] {
  const aspects = aspectNames.map(
    (name) => model.aspects.find((a) => a.id === name) ?? { id: name, title: name, properties: [] },
  );
  return model.type ? [model.type, ...aspects] : aspects;
}

/** Title and Description are offered on every node: setting one applies the aspect. */
export const TITLED = 'cm:titled';

/**
 * The classes whose properties the form edits: the active ones, with Titled right after the type
 * even when the node does not have it yet (the server applies an aspect whose property is set).
 */
export function editableClasses(model: NodeModel, aspectNames: readonly string[]): ModelClass[] {
  const active = activeClasses(model, aspectNames);
  const titled = active.find((c) => c.id === TITLED) ?? model.aspects.find((a) => a.id === TITLED);
  if (!titled) return active;
  const rest = active.filter((c) => c !== titled);
  return model.type ? [rest[0]!, titled, ...rest.slice(1)] : [titled, ...rest];
}

/** The editor value of a property: what was typed, else what is stored. */
export function draftOf(node: Node, form: NodeForm, def: ModelProperty): Draft {
  return form.values[def.id] ?? toDraft(node.properties?.[def.id], def);
}

/**
 * A property's stored value. The audit properties and the content are top-level fields of a node,
 * never in `properties`: they are read from there.
 */
export function storedValue(node: Node, id: string): unknown {
  const value = node.properties?.[id];
  if (value !== undefined) return value;
  switch (id) {
    case 'cm:created':
      return node.createdAt;
    case 'cm:creator':
      return node.createdByUser;
    case 'cm:modified':
      return node.modifiedAt;
    case 'cm:modifier':
      return node.modifiedByUser;
    case 'cm:name':
      return node.name;
    case 'cm:content':
      return node.content
        ? `${node.content.mimeTypeName ?? node.content.mimeType}, ${formatBytes(node.content.sizeInBytes)}`
        : undefined;
    default:
      return undefined;
  }
}

/** Aspects every node keeps (Alfresco's mandatory aspects of cm:cmobject): not offered for removal. */
export const MANDATORY_ASPECTS: readonly string[] = ['cm:auditable'];

export interface UpdatePlan {
  /** The PUT body, or null when nothing changed. */
  body: NodeBodyUpdate | null;
  /** Why a field cannot be sent, by property id (`name` for the name). */
  problems: Record<string, string>;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * The `PUT /nodes/{id}` body for a form (interface rules 1–3): `name` when renamed, the complete
 * `aspectNames` when the set changed, and only the properties whose values changed (an emptied one
 * is `null`). Properties of removed aspects are not sent: the server drops them with the aspect.
 */
export function planUpdate(node: Node, form: NodeForm, model: NodeModel, policy: NamePolicy = 'strict'): UpdatePlan {
  const body: NodeBodyUpdate = {};
  const problems: Record<string, string> = {};
  const name = formName(node, form);
  if (name !== node.name) {
    const problem = nameProblem(name, policy);
    if (problem) problems.name = problem;
    else body.name = name;
  }
  const aspectNames = formAspects(node, form);
  if (!sameSet(aspectNames, node.aspectNames ?? [])) body.aspectNames = aspectNames;

  const properties: Record<string, unknown> = {};
  for (const cls of editableClasses(model, aspectNames)) {
    for (const def of cls.properties) {
      const draft = form.values[def.id];
      if (draft === undefined || editorKind(def) === 'readonly') continue;
      if (sameDraft(draft, toDraft(node.properties?.[def.id], def))) continue;
      const converted = fromDraft(draft, def);
      if (!converted.ok) problems[def.id] = converted.problem;
      else if (!(converted.value === null && node.properties?.[def.id] === undefined))
        properties[def.id] = converted.value;
    }
  }
  if (Object.keys(properties).length) body.properties = properties;
  // A new aspect list must keep Titled when one of its properties is set.
  const titled = model.aspects.find((a) => a.id === TITLED);
  if (body.aspectNames && !body.aspectNames.includes(TITLED) && titled?.properties.some((p) => p.id in properties)) {
    body.aspectNames = [...body.aspectNames, TITLED];
  }
  return { body: Object.keys(body).length ? body : null, problems };
}

/** The aspects the form removes, each with the titles of its properties that have a value (they go too). */
export function removedAspects(
  node: Node,
  form: NodeForm,
  model: NodeModel,
): { id: string; title: string; losing: string[] }[] {
  const aspectNames = formAspects(node, form);
  return (node.aspectNames ?? [])
    .filter((name) => !aspectNames.includes(name))
    .map((name) => {
      const cls = model.aspects.find((a) => a.id === name);
      const losing = (cls?.properties ?? []).filter((p) => node.properties?.[p.id] !== undefined).map((p) => p.title);
      return { id: name, title: cls?.title ?? name, losing };
    });
}
