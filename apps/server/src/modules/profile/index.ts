/** The profile module's public surface: other modules, the composition root and jobs import from here only. */
export { profileRoutes } from './profile-routes.js';
