/** The authenticated caller, as every handler and service receives it. */
export interface Principal {
  id: string;
  isAdmin: boolean;
  homeFolderId: string | null;
  /** The person id, GROUP_EVERYONE and every group the person is in (directly or not). */
  authorities: ReadonlySet<string>;
  /** The ticket this request was authenticated with, if it was. */
  ticket?: string;
}

/** What a request carries to authenticate it. */
export interface Credentials {
  authorization: string | undefined;
  /** The `alf_ticket` query parameter. */
  alfTicket: string | undefined;
  clientAddress: string;
  /**
   * The connection the request came on (its socket), if any: the digest of the same credentials
   * from the same address on it is computed once, not for every request of a keep-alive client.
   */
  connection?: object;
}

/**
 * What the HTTP edge needs of the authenticator (modules/auth/authenticator.ts): a principal for
 * the credentials (401 when they fail), and optionally one remembered without a database read.
 */
export interface RequestAuthenticator {
  authenticate(credentials: Credentials): Promise<Principal>;
  remembered?(credentials: Credentials): Principal | undefined;
}
