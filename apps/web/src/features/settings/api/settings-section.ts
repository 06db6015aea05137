import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useActingParams } from '../../../lib/selected-client';
import { settingsKeys } from './settings-keys';

type Section = 'mail' | 'sms' | 'print' | 'order';
const query = (selectedClient?: number) => (selectedClient ? `?selectedClient=${selectedClient}` : '');

/** GET user/settings/{section}: the section's settings. */
export function useSettingsSection<T>(section: Section) {
  const { selectedClient } = useActingParams();
  return useQuery({
    queryKey: settingsKeys.section(section, selectedClient),
    queryFn: () => api<{ success: true; settings: T }>('GET', `user/settings/${section}${query(selectedClient)}`).then((r) => r.settings),
  });
}

/** POST user/settings/{section} {settings}. */
export function useSaveSettingsSection<T>(section: Section) {
  const queryClient = useQueryClient();
  const { selectedClient } = useActingParams();
  return useMutation({
    mutationFn: (settings: T) => api<{ success: true; message: string }>('POST', `user/settings/${section}${query(selectedClient)}`, { settings }),
    onSuccess: (_data, settings) => queryClient.setQueryData(settingsKeys.section(section, selectedClient), settings),
  });
}
