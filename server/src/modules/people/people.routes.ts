import type { Principal } from '../../http/principal.ts';
import { applyFields, includeParam, listEnvelope, listParam, orderByParam, pagingParam } from '../../http/params.ts';
import type { Handlers } from '../../http/routes.ts';
import { badRequest } from '../../http/errors.ts';
import { parseWhere } from '../../http/where.ts';
import { toPersonJson, type PersonJson } from './people.mappers.ts';
import type { PersonRecord } from './people.repository.ts';
import type { PeopleService } from './people.service.ts';

type PeopleHandlers = Pick<Handlers, 'listPeople' | 'createPerson' | 'getPerson' | 'updatePerson'>;

/** `(search='text')`: Quire's people search. */
function searchParam(where: string | undefined): string | undefined {
  if (where === undefined) return undefined;
  const clause = parseWhere(where);
  const [p, ...rest] = clause.predicates;
  if (!p || rest.length || p.kind !== 'compare' || p.operator !== '=' || p.not || p.property !== 'search') {
    throw badRequest(`An invalid WHERE query was received. Only (search='text') is supported: ${where}`);
  }
  return p.value.trim() || undefined;
}

export function peopleRoutes(people: PeopleService): PeopleHandlers {
  /** The full person: capabilities always, quota for the person and administrators. */
  async function full(principal: Principal, person: PersonRecord, fields?: string[]): Promise<{ entry: PersonJson }> {
    const json = toPersonJson(person, await people.view(principal, person));
    return { entry: applyFields(json, listParam(fields), new Set()) };
  }

  return {
    async listPeople({ query, principal }) {
      const paging = pagingParam(query);
      const include = includeParam(query.include);
      const search = searchParam(query.where);
      const page = await people.list({
        ...paging,
        orderBy: orderByParam(query.orderBy),
        ...(search ? { search } : {}),
      });
      const entries = new Map<string, PersonJson>();
      for (const person of page.items) {
        const json = include.has('capabilities')
          ? (await full(principal, person)).entry
          : toPersonJson(person, principal.isAdmin ? { quotaUsed: await people.quotaUsed(person.id) } : {});
        entries.set(person.id, applyFields(json, listParam(query.fields), include));
      }
      return listEnvelope({ items: page.items, totalItems: page.total, paging }, (p) => entries.get(p.id)!);
    },

    async createPerson({ query, body, principal, reply }) {
      const person = await people.create(principal, body);
      return reply.code(201).send(await full(principal, person, query.fields));
    },

    async getPerson({ params, query, principal }) {
      return full(principal, await people.load(principal, params.personId), query.fields);
    },

    async updatePerson({ params, query, body, principal, request }) {
      return full(principal, await people.update(principal, params.personId, body, request.ip), query.fields);
    },
  };
}
