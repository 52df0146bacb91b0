import { ApiError } from '../../../lib/errors.ts';

/** What to do when the target folder already has an item of the same name. */
export type ClashChoice = 'keep-both' | 'replace' | 'skip';

/** What happened to one item of a copy or move. */
export type TransferOutcome<T> =
  | { kind: 'done'; value: T }
  | { kind: 'renamed'; value: T; name: string }
  | { kind: 'replaced'; value: T }
  | { kind: 'skipped' };

export interface ClashItem {
  id: string;
  name: string;
  isFolder: boolean;
}

/** The question put to the person: which item clashes, and whether other items remain. */
export interface ClashQuestion {
  item: ClashItem;
  /** Items after this one in the batch (they may clash too). */
  remaining: number;
}

export interface ClashAnswer {
  choice: ClashChoice;
  applyToAll: boolean;
}

/** How many alternative names keep both tries before it gives up. */
export const MAX_ALTERNATIVES = 100;

/**
 * The n-th alternative to a taken name, as the server's autoRename (and Alfresco's
 * NodesImpl.findUniqueName) makes it: `report.pdf` -> `report-1.pdf`, `f1` -> `f1-1`,
 * `.hidden` -> `1.hidden`.
 */
export function alternativeName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  if (dot === 0) return `${n}${name}`;
  if (dot > 0) return `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
  return `${name}-${n}`;
}

/** The server refused because the target folder already has an item of that name. */
export function isNameClash(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    /Duplicate child name|Name already exists/i.test(error.briefSummary ?? '')
  );
}

/** Replacing a folder would throw away what the existing one holds: only files offer it. */
export function choicesFor(item: ClashItem): readonly ClashChoice[] {
  return item.isFolder ? ['keep-both', 'skip'] : ['keep-both', 'replace', 'skip'];
}

export interface ClashSteps<T> {
  /** Copies or moves the item, under a new name when given. */
  attempt: (item: ClashItem, name?: string) => Promise<T>;
  /** Puts the taken name's existing item in place of the source: a new version of it. */
  replace: (item: ClashItem) => Promise<T>;
  /** Asks the person what to do about a clash. */
  ask: (question: ClashQuestion) => Promise<ClashAnswer>;
}

/**
 * Copies or moves one item after another, resolving name clashes as the person says: keep both
 * (the next free alternative name, tried until one is free), replace (files only), or skip; an
 * answer "for all" is remembered for the later clashes of the batch (a folder still asks when
 * the remembered answer is replace). Other failures reject for that item only.
 */
export function clashResolver<T>(steps: ClashSteps<T>, total: number) {
  let remembered: ClashChoice | undefined;
  let index = 0;

  const keepBoth = async (item: ClashItem): Promise<TransferOutcome<T>> => {
    for (let n = 1; n <= MAX_ALTERNATIVES; n++) {
      const name = alternativeName(item.name, n);
      try {
        return { kind: 'renamed', value: await steps.attempt(item, name), name };
      } catch (error) {
        if (!isNameClash(error)) throw error;
      }
    }
    throw new Error(`No free name found after ${MAX_ALTERNATIVES} tries.`);
  };

  const decide = async (item: ClashItem, remaining: number): Promise<ClashChoice> => {
    if (remembered && choicesFor(item).includes(remembered)) return remembered;
    const answer = await steps.ask({ item, remaining });
    if (answer.applyToAll) remembered = answer.choice;
    return answer.choice;
  };

  return async (item: ClashItem): Promise<TransferOutcome<T>> => {
    index += 1;
    try {
      return { kind: 'done', value: await steps.attempt(item) };
    } catch (error) {
      if (!isNameClash(error)) throw error;
    }
    const choice = await decide(item, total - index);
    if (choice === 'skip') return { kind: 'skipped' };
    if (choice === 'replace' && !item.isFolder) return { kind: 'replaced', value: await steps.replace(item) };
    return keepBoth(item);
  };
}
