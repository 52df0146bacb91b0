import createClient from 'openapi-fetch';
import type { paths } from '../../openapi/schema.gen.ts';

/** The API base URL: build-time VITE_API_BASE_URL, else the server that serves the app. */
export const apiBaseUrl: string =
  (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/alfresco/api/-default-/public/alfresco/versions/1';

/** The one typed client over the contract. */
export const api = createClient<paths>({ baseUrl: apiBaseUrl });
