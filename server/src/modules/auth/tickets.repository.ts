import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/database.ts';
import { type Params, reusableQuery } from '../../db/reusable-query.ts';
import type { TicketsTable } from '../../db/schema.ts';

/** Alfresco's ticket shape: TICKET_ and 40 hex digits. */
export const TICKET_PATTERN = /^TICKET_[0-9a-f]{40}$/;

const digest = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Tickets live in the database (any server instance accepts them); only their SHA-256 is stored. */
export function createTicketsRepository() {
  const byHash = reusableQuery((db, p: Params<{ hash: string }>) =>
    db.selectFrom('tickets').selectAll().where('idHash', '=', p.hash),
  );

  return {
    async create(db: DbOrTx, personId: string, now: number): Promise<string> {
      const ticket = `TICKET_${randomBytes(20).toString('hex')}`;
      await db
        .insertInto('tickets')
        .values({ idHash: digest(ticket), personId, createdAt: now, lastUsedAt: now })
        .execute();
      return ticket;
    },

    async find(db: DbOrTx, ticket: string): Promise<TicketsTable | undefined> {
      return (await byHash(db, { hash: digest(ticket) })).rows[0];
    },

    async touch(db: DbOrTx, ticket: string, now: number): Promise<void> {
      await db.updateTable('tickets').set({ lastUsedAt: now }).where('idHash', '=', digest(ticket)).execute();
    },

    async delete(db: DbOrTx, ticket: string): Promise<void> {
      await db.deleteFrom('tickets').where('idHash', '=', digest(ticket)).execute();
    },

    /** Ends every ticket of a person but `keep` (a ticket to leave valid, if any). */
    async deleteOf(db: DbOrTx, personId: string, keep?: string): Promise<void> {
      let query = db.deleteFrom('tickets').where('personId', '=', personId);
      if (keep) query = query.where('idHash', '!=', digest(keep));
      await query.execute();
    },

    async deleteExpired(db: DbOrTx, usedBefore: number): Promise<void> {
      await db.deleteFrom('tickets').where('lastUsedAt', '<', usedBefore).execute();
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
