import { AlfrescoApi } from '@alfresco/js-api';

/**
 * The official Alfresco JavaScript client (@alfresco/js-api), signed in with a ticket as the
 * Content App signs in: `login` creates a ticket, and every later call sends it as Basic
 * `ROLE_TICKET:<ticket>`. Requests go through Node's fetch, as the client does outside a browser.
 */
export async function signedInClient(baseUrl: string, user: string, password: string): Promise<AlfrescoApi> {
  const api = new AlfrescoApi({ hostEcm: baseUrl, provider: 'ECM', authType: 'BASIC' });
  await api.login(user, password);
  return api;
}

/** What the client's promise rejects with: the HTTP status and Alfresco's error object. */
export interface ClientFailure {
  status: number | undefined;
  error: { errorKey?: string; statusCode?: number; briefSummary?: string } | undefined;
}

/** Awaits a call that must fail and returns how the client reports it (the test fails if it succeeds). */
export async function failureOf(call: Promise<unknown>): Promise<ClientFailure> {
  try {
    await call;
  } catch (e) {
    const rejected = e as { status?: number; message?: string };
    let error: ClientFailure['error'];
    try {
      error = (JSON.parse(rejected.message ?? '') as { error?: ClientFailure['error'] }).error;
    } catch {
      error = undefined;
    }
    return { status: rejected.status, error };
  }
  throw new Error('The call succeeded; it was expected to fail');
}

/** The entries of a page the client parsed (its types make every level of a page optional). */
export function entriesOf<T>(page: { list?: { entries?: { entry?: T }[] } }): T[] {
  return (page.list?.entries ?? []).map((e) => {
    if (!e.entry) throw new Error('A list entry without its entry');
    return e.entry;
  });
}
