import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { settingsKeys, type SettingsSection } from './settings-keys';

/** GET user/settings/{section}: the section's settings. */
export const getSettingsSection = <T>(section: SettingsSection) =>
  api<{ success: true; settings: T }>('GET', `user/settings/${section}`).then((r) => r.settings);

export function useSettingsSection<T>(section: SettingsSection) {
  return useQuery({ queryKey: settingsKeys.section(useActingClientId(), section), queryFn: () => getSettingsSection<T>(section) });
}
