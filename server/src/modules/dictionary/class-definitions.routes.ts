import { ApiError } from '../../http/errors.ts';
import type { Handlers } from '../../http/routes.ts';
import { describeClass, findClass, subclassesOf } from './class-definitions.ts';
import type { Dictionary } from './dictionary.ts';

type ClassDefinitionHandlers = Pick<Handlers, 'getClassDefinition' | 'listSubclassDefinitions'>;

/** The web script runtime's 404 (rendered in its status object: the operations say `x-envelope: webscript`). */
const classNotFound = (what: string) => new ApiError(404, 'framework.exception.NotFound', what);

/** Alfresco's legacy dictionary web scripts, from Quire's content model. */
export function classDefinitionRoutes(dictionary: Dictionary): ClassDefinitionHandlers {
  const find = (className: string) => {
    const found = findClass(dictionary, className);
    if (!found) throw classNotFound(`Check the classname - ${className} - parameter in the URL`);
    return found;
  };
  return {
    async getClassDefinition({ params }) {
      return describeClass(dictionary, find(params.className));
    },

    async listSubclassDefinitions({ params, query }) {
      const found = find(params.className);
      // `n` names a model (`cm_contentmodel`): its namespace is the prefix before the underscore.
      const prefix = query.nsp ?? query.n?.split('_')[0];
      if (prefix !== undefined && !dictionary.isKnownPrefix(prefix)) {
        throw classNotFound(`Check the namespacePrefix - ${prefix} - parameter in the URL`);
      }
      const recursive = query.r !== 'false';
      return subclassesOf(dictionary, found, { recursive, prefix }).map((c) => describeClass(dictionary, c));
    },
  };
}
