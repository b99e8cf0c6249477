/**
 * The auth module's public face (ADR 037): what other modules may use of accounts and sessions.
 * Every signed-in route needs `requireAuth` and `AuthContext`; the account, settings and
 * permission modules read and write users through these repository functions.
 */
export { authDataChanged, authDataGeneration } from './auth-data-changes.js';
export { dashboardLink, type AccountDependencies } from './auth.service.js';
export { requireAuth } from './authenticate.js';
export { clientInfo } from './client-info.js';
export { clearRefreshCookie, setRefreshCookie } from './refresh-cookie.js';
export type { AuthContext, ClientInfo } from './sessions.service.js';
export { toLanguage, toSettings, toUser } from './user-response.js';
export {
  deleteUser,
  findUserByEmail,
  findUserById,
  updateUser,
  type UserChanges,
  type UserRow,
} from './users.repository.js';
