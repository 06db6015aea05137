/** The auth module's public surface: other modules, the composition root and jobs import from here only. */
export { authRoutes } from './auth-routes.js';
export { authService } from './auth-service.js';
export type { AuthService, RegistrationReferral } from './auth-service.js';
export { createSession, deleteExpiredSessions, deleteUserSessions } from './sessions.js';
export type { SessionMeta, SessionPolicy } from './sessions.js';
export {
  accountByReferralCode,
  accountContacts,
  accountsByIds,
  countClientAccounts,
  existingAccountIds,
  findClientAccount,
  isClientAccount,
  lockAccount,
  replacePasswordHash,
  searchClientAccounts,
  updateAccountBank,
  updateAccountContact,
  updateAccountProfile,
} from './accounts.js';
export type { AccountContact, AccountProfileValues, AccountRow } from './accounts.js';
export { accountBanks } from './account-fragments.js';
export { findUserByEmail, findUserById, pruneLoginAttempts } from './auth-queries.js';
export { throttledCheck } from './throttle.js';
export { clearSessionCookie, SESSION_COOKIE, sessionPlugin, sessionPolicy, setSessionCookie } from './session-plugin.js';
