/** The profile module's public surface: other modules, the composition root and jobs import from here only. */
export { profileRoutes } from './profile-routes.js';
export { profileService } from './profile-service.js';
export type { ProfileService } from './profile-service.js';
