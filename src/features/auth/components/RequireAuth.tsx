import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { session, useSession } from '../../../lib/session.ts';
import { useValidateTicket } from '../api/validate-ticket.ts';
import { loginPathFor } from '../model/next-path.ts';

/**
 * Pages behind sign-in. The stored ticket is checked once (`GET /tickets/-me-`); whenever a call
 * answers 401 the session ends and the user is sent to `/login?next=<this page>`.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const current = useSession();
  const location = useLocation();
  useValidateTicket(current !== null);
  if (!current) {
    const to = session.endReason() === 'signed-out' ? '/login' : loginPathFor(location.pathname, location.search);
    return <Navigate to={to} replace />;
  }
  return children;
}
