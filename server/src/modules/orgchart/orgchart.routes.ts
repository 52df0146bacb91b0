import type { Handlers } from '../../http/routes.ts';
import {
  envelope,
  toJobJson,
  toMemberJson,
  toMemberListItemJson,
  toUnitJson,
  type Envelope,
} from './orgchart.mappers.ts';
import type { MemberView, OrgchartService, UnitView } from './orgchart.service.ts';

type OrgchartHandlers = Pick<
  Handlers,
  | 'getOrgUnitSubunits'
  | 'listOrgUnitMembers'
  | 'createOrgUnitMembership'
  | 'deleteOrgUnitMembership'
  | 'createOrgUnit'
  | 'updateOrgUnit'
  | 'deleteOrgUnit'
  | 'getOrgMember'
  | 'setOrgMemberJob'
  | 'deleteOrgMemberJob'
  | 'listOrgJobs'
  | 'createOrgJob'
  | 'updateOrgJob'
  | 'deleteOrgJob'
>;

const unit = (view: UnitView, message?: string) =>
  envelope(toUnitJson(view.unit, view.children, view.ancestors), message);
const member = (view: MemberView, message?: string) => envelope(toMemberJson(view.person, view), message);
const done = (message: string): Envelope<null> => envelope(null, message);

type UnitHandlers = Pick<
  OrgchartHandlers,
  | 'getOrgUnitSubunits'
  | 'listOrgUnitMembers'
  | 'createOrgUnitMembership'
  | 'deleteOrgUnitMembership'
  | 'createOrgUnit'
  | 'updateOrgUnit'
  | 'deleteOrgUnit'
>;
type MemberHandlers = Pick<OrgchartHandlers, 'getOrgMember' | 'setOrgMemberJob' | 'deleteOrgMemberJob'>;
type JobHandlers = Pick<OrgchartHandlers, 'listOrgJobs' | 'createOrgJob' | 'updateOrgJob' | 'deleteOrgJob'>;

/** The organisation chart's operations; every answer is its envelope `{data, message, status}`. */
export function orgchartRoutes(orgchart: OrgchartService): OrgchartHandlers {
  return { ...unitRoutes(orgchart), ...memberRoutes(orgchart), ...jobRoutes(orgchart) };
}

/** The units: their subunits and members, and changes to the tree. */
function unitRoutes(orgchart: OrgchartService): UnitHandlers {
  return {
    async getOrgUnitSubunits({ params }) {
      return unit(await orgchart.subunits(params.id));
    },

    async listOrgUnitMembers({ params }) {
      const members = await orgchart.members(params.id);
      return envelope(members.map((m) => toMemberListItemJson(m.person, m.quotaUsed)));
    },

    async createOrgUnitMembership({ params, body, principal, reply }) {
      const added = await orgchart.addMember(principal, params.id, body.userName);
      const data = toMemberListItemJson(added.person, added.quotaUsed);
      return reply.code(201).send(envelope(data, `${added.person.id} added to unit ${params.id}`, 201));
    },

    async deleteOrgUnitMembership({ params, principal }) {
      await orgchart.removeMember(principal, params.id, params.username);
      return done(`${params.username} removed from unit ${params.id}`);
    },

    async createOrgUnit({ body, principal, reply }) {
      const view = await orgchart.createUnit(principal, body);
      return reply
        .code(201)
        .send(envelope(toUnitJson(view.unit, view.children, view.ancestors), `Unit ${view.unit.id} created`, 201));
    },

    async updateOrgUnit({ params, body, principal }) {
      return unit(await orgchart.updateUnit(principal, params.id, body), `Unit ${params.id} updated`);
    },

    async deleteOrgUnit({ params, principal }) {
      const deleted = await orgchart.deleteUnit(principal, params.id);
      return done(`Unit ${deleted.id} deleted`);
    },
  };
}

/** A member's record and job. */
function memberRoutes(orgchart: OrgchartService): MemberHandlers {
  return {
    async getOrgMember({ params, principal }) {
      return member(await orgchart.member(principal, params.username));
    },

    async setOrgMemberJob({ params, body, principal }) {
      return member(await orgchart.setJob(principal, params.username, body.jobId), `Job set`);
    },

    async deleteOrgMemberJob({ params, principal }) {
      return member(await orgchart.clearJob(principal, params.username), `Job removed`);
    },
  };
}

/** The jobs. */
function jobRoutes(orgchart: OrgchartService): JobHandlers {
  return {
    async listOrgJobs() {
      return envelope((await orgchart.listJobs()).map(toJobJson));
    },

    async createOrgJob({ body, principal, reply }) {
      const job = await orgchart.createJob(principal, body);
      return reply.code(201).send(envelope(toJobJson(job), `Job ${job.id} created`, 201));
    },

    async updateOrgJob({ params, body, principal }) {
      return envelope(toJobJson(await orgchart.updateJob(principal, params.id, body)), `Job ${params.id} renamed`);
    },

    async deleteOrgJob({ params, principal }) {
      const job = await orgchart.deleteJob(principal, params.id);
      return done(`Job ${job.id} deleted`);
    },
  };
}
