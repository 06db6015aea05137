import {
  REPAYMENT_INTERVAL_CONTRACTUAL,
  bankNameFromIban,
  messages,
  normalisePhone,
  type TChangePasswordRequest,
  type TProfile,
  type TProfileUpdateRequest,
} from '@colete/contract';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { baniToRon } from '../../lib/money.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { UserRow } from '../../types.js';
import { createSession, deleteUserSessions, replacePasswordHash, throttledCheck, updateAccountProfile, type SessionMeta, type SessionPolicy } from '../auth/index.js';
import { balanceBani } from '../ledger/index.js';

function toProfile(user: UserRow, sums: { notInvoicedBani: number; prepaidBani: number }): TProfile {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    userType: user.userType,
    accountType: user.accountType,
    referralCode: user.referralCode,
    workingTimeStart: user.workingTimeStart,
    workingTimeEnd: user.workingTimeEnd,
    bankAccount: user.bankAccount,
    bankAccountHolder: user.bankAccountHolder,
    bankName: user.bankName,
    repaymentSendInterval: user.repaymentSendInterval,
    repaymentSendMinAmount: user.repaymentSendMinAmount,
    repaymentWaitPending: user.repaymentWaitPending,
    amountNotInvoicedSum: baniToRon(sums.notInvoicedBani),
    amountPrepaidSum: baniToRon(sums.prepaidBani),
  };
}

/** Rules that need the account or the configuration: not the provider's own IBAN; a contractual interval stays. */
function checkRepayment(client: UserRow, input: TProfileUpdateRequest['profile'], platformIban: string) {
  if (input.bankAccount !== undefined && input.bankAccount === platformIban) {
    throw badRequest(messages.settings.ibanProvider, 'providerIban', { bankAccount: messages.settings.ibanProvider });
  }
  const wanted = input.repaymentSendInterval;
  if (wanted === undefined || wanted === client.repaymentSendInterval) return;
  const current = client.repaymentSendInterval ?? 0;
  if (current >= REPAYMENT_INTERVAL_CONTRACTUAL) {
    throw badRequest(messages.settings.intervalContractual, 'contractualInterval', { repaymentSendInterval: messages.settings.intervalContractual });
  }
  if (wanted >= REPAYMENT_INTERVAL_CONTRACTUAL) {
    throw badRequest(messages.settings.intervalInvalid, 'intervalInvalid', { repaymentSendInterval: messages.settings.intervalInvalid });
  }
}

export function profileService(deps: {
  database: Database;
  policy: SessionPolicy;
  platformIban: string;
  /** amountNotInvoicedSum, from invoicing. */
  notInvoicedBani: (userId: number) => Promise<number>;
}) {
  const { db } = deps.database;

  async function getProfile(client: UserRow) {
    const [unbilled, prepaid] = await Promise.all([deps.notInvoicedBani(client.id), balanceBani(db, client.id)]);
    return toProfile(client, { notInvoicedBani: unbilled, prepaidBani: prepaid });
  }

  async function updateProfile(client: UserRow, input: TProfileUpdateRequest['profile']) {
    checkRepayment(client, input, deps.platformIban);
    const defined = <K extends keyof typeof input>(key: K) => (input[key] !== undefined ? { [key]: input[key] } : {});
    const updated = await updateAccountProfile(db, client.id, {
      ...defined('name'),
      ...(input.phone !== undefined ? { phone: normalisePhone(input.phone) } : {}),
      ...defined('bankAccount'),
      ...defined('bankAccountHolder'),
      ...(input.bankAccount !== undefined ? { bankName: bankNameFromIban(input.bankAccount) } : {}),
      ...defined('repaymentSendInterval'),
      ...defined('repaymentSendMinAmount'),
      ...defined('repaymentWaitPending'),
      ...defined('workingTimeStart'),
      ...defined('workingTimeEnd'),
    });
    return getProfile(updated!);
  }

  /** Verifies the old password, stores the new hash, ends every session of the user and opens a new one. */
  async function changePassword(user: UserRow, input: TChangePasswordRequest, meta: SessionMeta & { ip: string }) {
    // Wrong old passwords count like failed sign-ins: a stolen session cannot guess the password.
    const ok = await throttledCheck(db, { email: user.email, ip: meta.ip }, () => verifyPassword(user.passwordHash, input.oldPassword));
    if (!ok) {
      throw badRequest(messages.password.oldWrong, 'oldPasswordWrong', { oldPassword: messages.password.oldWrong });
    }
    if (input.oldPassword === input.newPassword) {
      throw badRequest(messages.password.sameAsOld, 'samePassword', { newPassword: messages.password.sameAsOld });
    }
    const passwordHash = await hashPassword(input.newPassword);
    return db.transaction(async (tx) => {
      // One change at a time per user: the row is locked and the old password checked again under
      // the lock, so of parallel changes with the same old password exactly one succeeds.
      const stillValid = (current: string) => (current === user.passwordHash ? Promise.resolve(true) : verifyPassword(current, input.oldPassword));
      if (!(await replacePasswordHash(tx, user.id, stillValid, passwordHash))) throw badRequest(messages.password.oldWrong, 'oldPasswordWrong', { oldPassword: messages.password.oldWrong });
      await deleteUserSessions(tx, user.id);
      return createSession(tx, user.id, deps.policy, meta);
    });
  }

  return { getProfile, updateProfile, changePassword };
}

export type ProfileService = ReturnType<typeof profileService>;
