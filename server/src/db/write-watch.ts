import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

/** The table an insert, update or delete writes (as the query names it), else undefined. */
export function writtenTable(node: RootOperationNode): string | undefined {
  if (InsertQueryNode.is(node)) return tableName(node.into);
  if (UpdateQueryNode.is(node)) return tableName(node.table);
  if (DeleteQueryNode.is(node)) return tableName(node.from.froms[0]);
  return undefined;
}

/**
 * Calls listeners when a query built with Kysely writes one of their tables, whoever wrote it.
 * Caches of this process (the authenticated principals) use it to forget what a write changed.
 * Raw SQL is not seen; writes to watched tables go through the query builder. On PostgreSQL the
 * other instances' identity changes arrive here too (`peer-changes.ts`, ADR 0021).
 */
export class WriteWatch implements KyselyPlugin {
  private readonly listeners: { tables: ReadonlySet<string>; onWrite: () => void }[] = [];

  /** `tables` as the queries name them (camelCase: the watch runs before CamelCasePlugin). */
  watch(tables: readonly string[], onWrite: () => void): void {
    this.listeners.push({ tables: new Set(tables), onWrite });
  }

  /** Whether a listener watches this table (named as the queries name it). */
  watches(table: string): boolean {
    return this.listeners.some((l) => l.tables.has(table));
  }

  /** Tells the listeners of this table (named as the queries name it) that it was written elsewhere. */
  changed(table: string): void {
    for (const l of this.listeners) if (l.tables.has(table)) l.onWrite();
  }

  /** Tells every listener that anything may have changed (changes elsewhere may have been missed). */
  changedAll(): void {
    for (const l of this.listeners) l.onWrite();
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.length > 0) {
      const table = writtenTable(args.node);
      if (table !== undefined) this.changed(table);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
