import type { Handlers } from '../../http/routes.ts';
import type { Config } from '../../config.ts';
import { MAX_NAME_LENGTH } from '../nodes/core/name-policy.ts';

type SettingsHandlers = Pick<Handlers, 'getSettings'>;

/** What a client checks input against before sending it: the rules this server applies, from its configuration. */
export type PublicSettings = Pick<
  Config,
  'namePolicy' | 'maxFolderDepth' | 'passwordMinLength' | 'contentMaxFileBytes'
>;

export function settingsRoutes(settings: PublicSettings): SettingsHandlers {
  const entry = {
    namePolicy: settings.namePolicy,
    maxNameLength: MAX_NAME_LENGTH,
    maxFolderDepth: settings.maxFolderDepth,
    passwordMinLength: settings.passwordMinLength,
    ...(settings.contentMaxFileBytes !== undefined ? { maxFileBytes: settings.contentMaxFileBytes } : {}),
  };
  return {
    async getSettings() {
      return { entry };
    },
  };
}
