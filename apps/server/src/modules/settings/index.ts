/** The settings module's public surface: other modules, the composition root and jobs import from here only. */
export { settingsRoutes } from './settings-routes.js';
export { DEFAULT_AWB_FORMAT, DEFAULT_SMS, defaultMailSettings, settingsService } from './settings-service.js';
export type { SettingsService } from './settings-service.js';
export { saveSettings, savedSettings, savedSettingsByUser } from './settings-queries.js';
export type { SettingsRow } from './settings-queries.js';
