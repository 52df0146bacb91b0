import type { Principal } from '../../http/auth.ts';
import { applyFields, includeParam, listParam } from '../../http/params.ts';
import { toNodeJson, toPathInfo, type NodeJson, type PathInfo } from './nodes.mappers.ts';
import type { NodeRecord } from './nodes.repository.ts';
import type { NodesService } from './nodes.service.ts';

export interface ViewQuery {
  include?: string[];
  fields?: string[];
}

/** Shapes nodes for responses: include values, fields, path and allowable operations. */
export function createNodesPresenter(nodes: NodesService) {
  async function pathOf(node: NodeRecord): Promise<PathInfo> {
    return toPathInfo(await nodes.path(node));
  }

  return {
    /** One node, as GET/POST/PUT return it (aspectNames and properties always). */
    async one(principal: Principal, node: NodeRecord, query: ViewQuery): Promise<{ entry: NodeJson }> {
      const include = includeParam(query.include);
      const json = toNodeJson(node, {
        full: true,
        include,
        ...(include.has('path') ? { path: await pathOf(node) } : {}),
        ...(include.has('permissions') ? { permissionChain: await nodes.permissionChain(node) } : {}),
        allowableOperations: nodes.allowableOperations(principal, node),
      });
      return { entry: applyFields(json, listParam(query.fields), include) };
    },

    /** Children of one folder: the path is computed once for all of them. */
    async children(principal: Principal, folder: NodeRecord, items: NodeRecord[], query: ViewQuery) {
      const include = includeParam(query.include);
      const fields = listParam(query.fields);
      const permissionChain = include.has('permissions')
        ? [folder.permissions, ...(await nodes.permissionChain(folder))]
        : undefined;
      let path: PathInfo | undefined;
      if (include.has('path')) {
        const above = await nodes.path(folder);
        path = toPathInfo([
          ...above,
          { id: folder.id, name: folder.name, nodeType: folder.nodeType, aspects: folder.aspects },
        ]);
      }
      return (item: NodeRecord): NodeJson =>
        applyFields(
          toNodeJson(item, {
            full: false,
            include,
            ...(path ? { path } : {}),
            ...(permissionChain ? { permissionChain } : {}),
            allowableOperations: nodes.allowableOperations(principal, item),
            association: { assocType: 'cm:contains', isPrimary: item.parentId === folder.id },
          }),
          fields,
          include,
        );
    },

    /** A node reached through an association (secondary child, parent, target, source). */
    async related(
      principal: Principal,
      node: NodeRecord,
      query: ViewQuery,
      association: { assocType: string; isPrimary?: boolean },
    ): Promise<NodeJson> {
      const include = includeParam(query.include);
      const json = toNodeJson(node, {
        full: false,
        include,
        ...(include.has('path') ? { path: await pathOf(node) } : {}),
        allowableOperations: nodes.allowableOperations(principal, node),
        association:
          association.isPrimary === undefined
            ? { assocType: association.assocType }
            : { assocType: association.assocType, isPrimary: association.isPrimary },
      });
      return applyFields(json, listParam(query.fields), include);
    },

    /** `list.source`: the folder itself, unaffected by include and fields. */
    source(principal: Principal, folder: NodeRecord): NodeJson {
      return toNodeJson(folder, { full: true, include: new Set() });
    },
  };
}

export type NodesPresenter = ReturnType<typeof createNodesPresenter>;
