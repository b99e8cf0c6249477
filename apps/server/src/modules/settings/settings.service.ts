import type { Settings, SettingsPatch } from '@livent/shared';
import {
  type AccountDependencies,
  type AuthContext,
  toSettings,
  updateUser,
  type UserChanges,
} from '../auth/index.js';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** The columns a settings patch changes; fields it leaves out stay as they are. */
export function settingsColumns(patch: SettingsPatch): UserChanges {
  return {
    ...(patch.timezone !== undefined ? { timezone: patch.timezone } : {}),
    ...(patch.emailLanguage !== undefined ? { email_language: patch.emailLanguage } : {}),
    ...(patch.alwaysShowHelp !== undefined ? { always_show_help: flag(patch.alwaysShowHelp) } : {}),
    ...(patch.csvDelimiter !== undefined ? { csv_delimiter: patch.csvDelimiter } : {}),
    ...(patch.newsletter !== undefined ? { newsletter: flag(patch.newsletter) } : {}),
    ...(patch.whatsnewSeen !== undefined ? { whatsnew_seen: patch.whatsnewSeen } : {}),
  };
}

/** `PATCH /settings` (docs/product-spec.md section 7): one UPDATE of the changed columns, so concurrent patches of different fields never undo each other. */
export class SettingsService {
  constructor(private readonly deps: Pick<AccountDependencies, 'db' | 'now'>) {}

  async patch(auth: AuthContext, patch: SettingsPatch): Promise<Settings> {
    const row = await updateUser(this.deps.db, auth.user.id, {
      ...settingsColumns(patch),
      updated_at: this.deps.now().toISOString(),
    });
    return toSettings(row ?? auth.user);
  }
}
