import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingClientId } from '../../../lib/selected-client';
import { settingsKeys, type SettingsSection } from './settings-keys';

/** POST user/settings/{section} {settings}. */
export const saveSettingsSection = <T>(section: SettingsSection, settings: T) =>
  api<{ success: true; message: string }>('POST', `user/settings/${section}`, { settings });

export function useSaveSettingsSection<T>(section: SettingsSection) {
  const queryClient = useQueryClient();
  const acting = useActingClientId();
  return useMutation({
    mutationFn: (settings: T) => saveSettingsSection(section, settings),
    onSuccess: (_data, settings) => queryClient.setQueryData(settingsKeys.section(acting, section), settings),
  });
}
