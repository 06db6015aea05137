import {
  USER_TYPE,
  messages,
  normalisePhone,
  type TLoginRequest,
  type TReferralOutcome,
  type TRegisterRequest,
  type TSessionUser,
} from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import { users } from '../../db/schema/users.js';
import { AppError, conflict, unauthorized } from '../../lib/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { newReferralCode } from '../../lib/tokens.js';
import type { UserRow } from '../../types.js';
import { findUserByEmail } from './auth-queries.js';
import { throttledCheck } from './throttle.js';
import { createSession, deleteSession, type SessionMeta, type SessionPolicy } from './sessions.js';

export function toSessionUser(user: UserRow): TSessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    userType: user.userType,
    accountType: user.accountType,
    isAdmin: user.userType === USER_TYPE.admin,
  };
}

/** What registering through a referral link does, in the registration's transaction (the referrals module's, given by the composition root). */
export type RegistrationReferral = (tx: Executor, user: UserRow, code: string) => Promise<{ outcome: TReferralOutcome; warning?: string }>;

export function authService(deps: { database: Database; policy: SessionPolicy; referral?: RegistrationReferral }) {
  const { db } = deps.database;

  async function login(input: TLoginRequest, meta: SessionMeta & { ip: string }) {
    const user = await findUserByEmail(db, input.email);
    // An unknown email still costs a verification, so timing does not tell it from a wrong password.
    const ok = await throttledCheck(db, { email: input.email, ip: meta.ip }, async () => {
      const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      return matches && !!user;
    });
    if (!ok || !user) throw new AppError(401, messages.auth.invalidCredentials, 'invalidCredentials');

    const session = await createSession(db, user.id, deps.policy, meta);
    return { user, session };
  }

  async function register(input: TRegisterRequest, meta: SessionMeta) {
    const existing = await findUserByEmail(db, input.email);
    if (existing) throw conflict(messages.auth.emailTaken, 'emailTaken', { email: messages.auth.emailTaken });
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          name: input.name,
          phone: normalisePhone(input.phone),
          userType: USER_TYPE.client,
          accountType: input.accountType,
          referralCode: newReferralCode(),
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      // Two registrations racing for one email: the unique index lets only one through.
      if (!user) throw conflict(messages.auth.emailTaken, 'emailTaken', { email: messages.auth.emailTaken });
      const referral = input.ref && deps.referral ? await deps.referral(tx, user, input.ref) : undefined;
      const session = await createSession(tx, user.id, deps.policy, meta);
      return { user, session, referral };
    });
  }

  function requireUser(user: UserRow | null): UserRow {
    if (!user) throw unauthorized();
    return user;
  }

  /** Signing out ends this session only. */
  async function logout(sessionToken: string | null) {
    if (sessionToken) await deleteSession(db, sessionToken);
  }

  return { login, register, logout, requireUser };
}

export type AuthService = ReturnType<typeof authService>;
