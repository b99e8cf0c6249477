import type { Settings, SettingsPatch } from '@livent/shared';
import { api } from '../api/typed-api';
import { setSettings } from './auth-store';

/**
 * `PATCH /settings` with only the changed fields (docs/product-spec.md section 7); the answer becomes the
 * signed-in user's settings. Saved-notices are the caller's (they are shown "unless silent").
 */
export async function saveSettings(patch: SettingsPatch): Promise<Settings> {
  const settings = await api.patch('/settings', { body: patch });
  setSettings(settings);
  return settings;
}
