import type { FastifyReply } from 'fastify';
import type { Authenticator } from './authenticator.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/routes.ts';

type TicketHandlers = Pick<
  Handlers,
  | 'createTicket'
  | 'validateTicket'
  | 'deleteTicket'
  | 'classicLogin'
  | 'classicLoginJson'
  | 'classicValidateTicket'
  | 'classicLogout'
>;

const loginFailed = (message = 'Login failed') => new ApiError(403, 'framework.exception.PermissionDenied', message);

type ClassicHandlers = Pick<
  TicketHandlers,
  'classicLogin' | 'classicLoginJson' | 'classicValidateTicket' | 'classicLogout'
>;

function checkMe(ticketId: string): void {
  // The id is not repeated: it may be a ticket, and error messages reach logs and screens.
  if (ticketId !== '-me-') throw badRequest('Invalid ticket id: only -me- is supported');
}

/** A ticket for a user name and password, or 403: a wrong password, an unknown user and a disabled account alike (as Alfresco). */
async function signIn(
  auth: Authenticator,
  userId: string | undefined,
  password: string | undefined,
  clientAddress: string,
) {
  if (!userId || !password) throw badRequest('Username or password not specified');
  const person = await auth.checkPassword(userId, password, clientAddress);
  if (person === 'throttled') throw loginFailed('Login failed: too many failed logins, wait a few seconds');
  if (!person) throw loginFailed();
  // Refused too when the person changed since the check (a new password, disabled).
  const ticket = await auth.login(person);
  if (!ticket) throw loginFailed();
  return { ticket, userId: person.id };
}

/** A classic web script's answer: `<ticket>…</ticket>` as XML (their default format), or JSON. */
function ticketAnswer(reply: FastifyReply, ticket: string, format: 'xml' | 'json' | undefined) {
  if (format === 'json') return reply.send({ data: { ticket } });
  return reply
    .type('text/xml;charset=UTF-8')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<ticket>${ticket}</ticket>\n`);
}

/** A ticket named in the path of a classic web script: 404 (that does not repeat it) unless it is a valid one of the caller. */
async function callersTicket(auth: Authenticator, ticket: string, callerId: string): Promise<void> {
  if ((await auth.ticketOwner(ticket)) !== callerId) throw notFound('The ticket in the path');
}

/** The authentication API: sign in for a ticket, check it, sign out. */
export function ticketsRoutes(auth: Authenticator): TicketHandlers {
  return { ...classicRoutes(auth), ...ticketRoutes(auth) };
}

/**
 * Alfresco's classic login web scripts (/alfresco/service/api/login), which Share and many
 * scripts use: the same tickets as the authentication API.
 */
function classicRoutes(auth: Authenticator): ClassicHandlers {
  return {
    async classicLogin({ query, request, reply }) {
      const { ticket } = await signIn(auth, query.u, query.pw, request.ip);
      return ticketAnswer(reply, ticket, query.format);
    },

    async classicLoginJson({ body, request, reply }) {
      const { ticket } = await signIn(auth, body.username, body.password, request.ip);
      return ticketAnswer(reply, ticket, 'json');
    },

    async classicValidateTicket({ params, query, principal, reply }) {
      await callersTicket(auth, params.ticket, principal.id);
      return ticketAnswer(reply, params.ticket, query.format);
    },

    async classicLogout({ params, query, principal, reply }) {
      await callersTicket(auth, params.ticket, principal.id);
      await auth.logout(params.ticket);
      return ticketAnswer(reply, params.ticket, query.format);
    },
  };
}

/** The authentication API's tickets (/authentication/versions/1/tickets). */
function ticketRoutes(auth: Authenticator): Omit<TicketHandlers, keyof ClassicHandlers> {
  return {
    async createTicket({ body, request, reply }) {
      if (!body.userId || !body.password) throw badRequest('Invalid login details.');
      const { ticket, userId } = await signIn(auth, body.userId, body.password, request.ip);
      return reply.code(201).send({ entry: { id: ticket, userId } });
    },

    async validateTicket({ params, principal }) {
      checkMe(params.ticketId);
      if (!principal.ticket) throw notFound('A ticket in this request');
      return { entry: { id: principal.ticket } };
    },

    async deleteTicket({ params, principal, reply }) {
      checkMe(params.ticketId);
      if (!principal.ticket) throw notFound('A ticket in this request');
      await auth.logout(principal.ticket);
      return reply.code(204).send();
    },
  };
}
