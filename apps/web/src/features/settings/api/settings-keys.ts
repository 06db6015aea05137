export const settingsKeys = {
  all: ['settings'] as const,
  profile: (selectedClient?: number) => [...settingsKeys.all, 'profile', selectedClient ?? 'self'] as const,
  section: (name: 'mail' | 'sms' | 'print' | 'order', selectedClient?: number) => [...settingsKeys.all, name, selectedClient ?? 'self'] as const,
};
