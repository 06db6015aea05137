import { profileKey } from '../../../lib/profile-query';

export const settingsKeys = {
  all: ['settings'] as const,
  profile: profileKey,
  section: (name: 'mail' | 'sms' | 'print' | 'order', selectedClient?: number) => [...settingsKeys.all, name, selectedClient ?? 'self'] as const,
};
