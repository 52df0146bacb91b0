import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../testing/builders.ts';
import { stalled } from '../../testing/stalled.ts';
import { testDialect } from '../../testing/test-database.ts';
import { serverWithPeer } from '../../testing/server-with-peer.ts';

// A sign-in with the old password while an administrator sets a new one (through a second
// instance on PostgreSQL): a new password ends the person's tickets, so the sign-in either comes
// before (its ticket ends with the others) or is refused; never a ticket that outlives the change.

const TICKETS = '/alfresco/api/-default-/public/authentication/versions/1/tickets';

const t = serverWithPeer({ skippedOnSqlite: 'a sign-in and a password change held half-way: SQLite has one writer.' });

describe.skipIf(testDialect !== 'postgres')('a sign-in while the password changes (PostgreSQL)', () => {
  it('gives no ticket that outlives the new password', async () => {
    const user = await aUser(t.server.api);
    const signIn = () => t.server.api.post(TICKETS, { userId: user.id, password: user.password }, { auth: null });
    const first = await signIn();
    expect(first.status).toBe(201);
    // The change stops at ending the tickets (one of them held here), after writing the password.
    const held = createHash('sha256').update(first.body.entry.id).digest('hex');
    const [changed, signedIn] = await stalled(
      t.server.databaseUrl!,
      `select id_hash from tickets where id_hash = '${held}' for update`,
      () => t.peer.put(`/people/${user.id}`, { password: 'a-new-password' }),
      signIn,
    );
    expect(changed.status).toBe(200);
    expect([201, 403]).toContain(signedIn.status);
    if (signedIn.status === 201) {
      const ticket = signedIn.body.entry.id as string;
      const me = await t.server.api.get(`${TICKETS}/-me-`, { auth: null, query: { alf_ticket: ticket } });
      expect(me.status).toBe(401);
    }
  });
});
