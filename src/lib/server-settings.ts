import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../openapi/schema.gen.ts';
import { api } from './api-client.ts';
import { config } from './config.ts';
import { unwrap } from './errors.ts';
import { nameHint, nameProblem, suggestName, type NamePolicy } from './name-rules.ts';

type SettingsEntry = components['schemas']['SettingsEntry']['entry'];
/** What the server said; a repository that is not Quire tells only what Alfresco's rules imply. */
export type ServerSettings = Pick<SettingsEntry, 'namePolicy' | 'maxNameLength'> & Partial<SettingsEntry>;

/** Quire's own API next to the core API base (`…/public/alfresco/versions/1` → `…/public/quire/versions/1`). */
export function quireBaseFor(apiBaseUrl: string): string {
  return apiBaseUrl.replace(/\/alfresco\/versions\/1$/, '/quire/versions/1');
}

/** What a repository without Quire's settings (a real Alfresco) applies: Alfresco's own name rules. */
export const ALFRESCO_SETTINGS: ServerSettings = {
  namePolicy: 'alfresco',
  maxNameLength: 255,
};

/** `GET …/quire/versions/1/settings`: the rules the server applies; a 404 means it is not Quire. */
export async function getServerSettings(): Promise<ServerSettings> {
  const result = await api.GET('/settings', { baseUrl: quireBaseFor(config.apiBaseUrl) });
  if (result.response.status === 404) return ALFRESCO_SETTINGS;
  return unwrap(result).entry;
}

/** Read once a session: the configuration does not change while the server runs. */
export const serverSettingsQuery = queryOptions({
  queryKey: ['server-settings'] as const,
  queryFn: getServerSettings,
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useServerSettings() {
  return useQuery(serverSettingsQuery);
}

export interface NameRules {
  policy: NamePolicy;
  /** True until the server has said which policy applies (submitting waits for it). */
  isPending: boolean;
  problem: (name: string) => string | undefined;
  suggest: (name: string) => string;
  hint: string;
}

export function nameRulesFor(policy: NamePolicy, isPending = false): NameRules {
  return {
    policy,
    isPending,
    problem: (name) => nameProblem(name, policy),
    suggest: (name) => suggestName(name, policy),
    hint: nameHint(policy),
  };
}

/**
 * The server's name rules. Until they are known, and if they cannot be read, only what every
 * policy refuses is refused here: the server stays the judge, and nothing it accepts is blocked.
 */
export function useNameRules(): NameRules {
  const settings = useServerSettings();
  return nameRulesFor(settings.data?.namePolicy ?? 'alfresco', settings.isPending);
}
