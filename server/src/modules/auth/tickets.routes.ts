import type { Authenticator } from '../../http/auth.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/routes.ts';

type TicketHandlers = Pick<Handlers, 'createTicket' | 'validateTicket' | 'deleteTicket'>;

const loginFailed = (message = 'Login failed') => new ApiError(403, 'framework.exception.PermissionDenied', message);

/** The authentication API: sign in for a ticket, check it, sign out. */
export function ticketsRoutes(auth: Authenticator): TicketHandlers {
  function checkMe(ticketId: string): void {
    if (ticketId !== '-me-') throw badRequest(`Invalid ticket id: ${ticketId} (only -me- is supported)`);
  }

  return {
    async createTicket({ body, request, reply }) {
      if (!body.userId || !body.password) throw badRequest('Invalid login details.');
      // A wrong password, an unknown user and a disabled account are all 403 (as Alfresco).
      const person = await auth.checkPassword(body.userId, body.password, request.ip);
      if (person === 'throttled') throw loginFailed('Login failed: too many failed logins, wait a few seconds');
      if (!person) throw loginFailed();
      const ticket = await auth.login(person.id);
      return reply.code(201).send({ entry: { id: ticket, userId: person.id } });
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
