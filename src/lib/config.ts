/**
 * Where the API lives. Resolved once, in this order:
 * 1. run time: `window.QUIRE_CONFIG` (set by `/config.js`, which a server or a static host may replace),
 * 2. build time: `VITE_API_BASE_URL` / `VITE_AUTH_BASE_URL` / `VITE_ORGCHART_BASE_URL`,
 * 3. the server that serves the app (Quire, or an Alfresco behind the same origin).
 */
export interface QuireConfig {
  /** The core API, `…/alfresco/api/-default-/public/alfresco/versions/1`. */
  apiBaseUrl?: string;
  /** The authentication API; by default derived from apiBaseUrl (`…/authentication/versions/1`). */
  authBaseUrl?: string;
  /** The org chart extension; by default derived from apiBaseUrl (`…/alfresco/service/api/ext/orgchart`). */
  orgchartBaseUrl?: string;
}

declare global {
  interface Window {
    QUIRE_CONFIG?: QuireConfig;
  }
}

export const DEFAULT_API_BASE_URL = '/alfresco/api/-default-/public/alfresco/versions/1';

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\/+$/, '') : undefined;
}

/** The authentication base next to a core API base (the two differ only in their last segments). */
export function authBaseFor(apiBaseUrl: string): string {
  return apiBaseUrl.replace(/\/alfresco\/versions\/1$/, '/authentication/versions/1');
}

const CORE_SUFFIX = /\/api\/-default-\/public\/alfresco\/versions\/1$/;

/**
 * The org chart's web-script base next to a core API base (`…/alfresco/api/-default-/public/alfresco/versions/1`
 * becomes `…/alfresco/service/api/ext/orgchart`); a base of another shape keeps its origin only.
 */
export function orgchartBaseFor(apiBaseUrl: string): string {
  if (CORE_SUFFIX.test(apiBaseUrl)) return apiBaseUrl.replace(CORE_SUFFIX, '/service/api/ext/orgchart');
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]+/i.exec(apiBaseUrl)?.[0] ?? '';
  return `${origin}/alfresco/service/api/ext/orgchart`;
}

export function resolveConfig(runtime: QuireConfig | undefined, env: Record<string, unknown>): Required<QuireConfig> {
  const apiBaseUrl = nonEmpty(runtime?.apiBaseUrl) ?? nonEmpty(env.VITE_API_BASE_URL) ?? DEFAULT_API_BASE_URL;
  const authBaseUrl = nonEmpty(runtime?.authBaseUrl) ?? nonEmpty(env.VITE_AUTH_BASE_URL) ?? authBaseFor(apiBaseUrl);
  const orgchartBaseUrl =
    nonEmpty(runtime?.orgchartBaseUrl) ?? nonEmpty(env.VITE_ORGCHART_BASE_URL) ?? orgchartBaseFor(apiBaseUrl);
  return { apiBaseUrl, authBaseUrl, orgchartBaseUrl };
}

export const config = resolveConfig(typeof window === 'undefined' ? undefined : window.QUIRE_CONFIG, import.meta.env);
