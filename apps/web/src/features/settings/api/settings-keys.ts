import type { ActingClientId } from '../../../lib/api-client';

export type SettingsSection = 'mail' | 'sms' | 'print' | 'order';

/** Query keys of the settings sections, per acting client (the profile's are in lib/query-keys). */
export const settingsKeys = {
  all: (acting: ActingClientId) => ['settings', acting] as const,
  section: (acting: ActingClientId, name: SettingsSection) => [...settingsKeys.all(acting), name] as const,
};
