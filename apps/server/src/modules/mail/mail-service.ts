import {
  MAIL_SETTING_KEYS,
  OUTBOX_TRANSPORTS,
  isValidPhone,
  messages,
  pageOffset,
  type MailMode,
  type MailSettingKey,
  type TMailSettings,
  type TOutboxMail,
  type TOutboxMailDetail,
  type TOutboxQuery,
} from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import type { LabelAttachmentRef, MailAttachmentRef } from '../../db/schema/mail.js';
import { notFound } from '../../lib/errors.js';
import { accountContacts } from '../auth/index.js';
import { DEFAULT_SMS, defaultMailSettings, savedSettings } from '../settings/index.js';
import { countMails, findMail, insertMail, listMails, type MailListRow } from './mail-queries.js';

/** A notification setting (spec 000 section 3), or another kind for mail not tied to one. */
export type MailKind = MailSettingKey | (string & {});

export type MailInput = {
  userId: number | null;
  kind: MailKind;
  to: string[];
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachmentRef[];
};
export type MailMessage = Pick<MailInput, 'subject' | 'text' | 'html' | 'attachments'>;

/* Wakes the mail sender after an enqueue, so a mail leaves in seconds rather than at the next minute. */
const queuedListeners = new Set<() => void>();
export function onMailQueued(listener: () => void) {
  queuedListeners.add(listener);
  return () => void queuedListeners.delete(listener);
}

/**
 * Puts one mail in the outbox: a single INSERT, so it can run inside the caller's transaction
 * (the mail exists exactly when what it announces does). The sender job takes it from there.
 */
export async function enqueueMail(db: Executor, input: MailInput): Promise<number> {
  const to = [...new Set(input.to.map((a) => a.trim().toLowerCase()).filter(Boolean))];
  if (to.length === 0) throw new Error('enqueueMail: no recipient');
  const id = await insertMail(db, {
    userId: input.userId,
    kind: input.kind,
    to,
    // A header is one line.
    subject: input.subject.replace(/[\r\n]+/g, ' ').trim(),
    text: input.text,
    html: input.html ?? null,
    attachments: input.attachments ?? [],
  });
  for (const listener of queuedListeners) listener();
  return id;
}

/** The account's mail settings: as saved, or the settings page's defaults (null: no such account). */
async function mailSettingsOf(db: Executor, userId: number): Promise<TMailSettings | null> {
  const account = (await accountContacts(db, [userId])).get(userId);
  if (!account) return null;
  const mail = (await savedSettings(db, userId))?.mail;
  const defaults = defaultMailSettings(account.email);
  return Object.fromEntries(MAIL_SETTING_KEYS.map((k) => [k, mail?.[k] ?? defaults[k]])) as TMailSettings;
}

/** The addresses a setting sends to: none when it is off. */
const recipientsOf = (item: TMailSettings[MailSettingKey]) => (item.enabled ? [...new Set(item.emails.map((a) => a.trim().toLowerCase()).filter(Boolean))] : []);

/** 'Confirmare comanda fara atasamente' is a switch over the order confirmations, not a mail of its own. */
const WITHOUT_ATTACHMENTS = 'sendOrderConfirmationWithoutAttachments';
export type NotificationItem = Exclude<MailSettingKey, typeof WITHOUT_ATTACHMENTS>;

/**
 * Sends a notification the way the account's mail settings promise: to that item's addresses,
 * only when the item is on. An account that never saved its mail settings has the defaults
 * (its own email; invoices, delivery alerts, repayment sheets, sender confirmations and returns
 * on). An order confirmation leaves without its attachments when 'Confirmare comanda fara
 * atasamente' is on (notifyOrderConfirmation sends both confirmations). Answers whether it queued.
 */
export async function notifyByUserSettings(db: Executor, userId: number, item: NotificationItem, message: MailMessage): Promise<boolean> {
  if (!(MAIL_SETTING_KEYS as readonly string[]).includes(item) || (item as string) === WITHOUT_ATTACHMENTS) throw new Error(`notifyByUserSettings: not a notification: ${item}`);
  const settings = await mailSettingsOf(db, userId);
  if (!settings) return false;
  const to = recipientsOf(settings[item]);
  if (to.length === 0) return false;
  const confirmation = item === 'sendOrderConfirmationToSender' || item === 'sendOrderConfirmationToMarkedEmails';
  const bare = confirmation && settings[WITHOUT_ATTACHMENTS].enabled;
  await enqueueMail(db, { userId, kind: item, to, ...message, attachments: bare ? [] : message.attachments });
  return true;
}

/**
 * The order confirmation (spec 000 mail settings): to the sender's addresses
 * (sendOrderConfirmationToSender) and a copy to the marked ones (sendOrderConfirmationToMarkedEmails,
 * leaving out an address the first already reaches), each when on. The label goes with it unless
 * 'Confirmare comanda fara atasamente' is on; `build` writes the message knowing which. Answers
 * how many mails it queued.
 */
export async function notifyOrderConfirmation(
  db: Executor,
  userId: number,
  label: LabelAttachmentRef | null,
  build: (withLabel: boolean) => Omit<MailMessage, 'attachments'>,
): Promise<number> {
  const settings = await mailSettingsOf(db, userId);
  if (!settings) return 0;
  const withLabel = !!label && !settings[WITHOUT_ATTACHMENTS].enabled;
  const message = { ...build(withLabel), attachments: withLabel ? [label] : [] };
  const toSender = recipientsOf(settings.sendOrderConfirmationToSender);
  const toMarked = recipientsOf(settings.sendOrderConfirmationToMarkedEmails).filter((a) => !toSender.includes(a));
  let queued = 0;
  for (const [kind, to] of [
    ['sendOrderConfirmationToSender', toSender],
    ['sendOrderConfirmationToMarkedEmails', toMarked],
  ] as const) {
    if (to.length === 0) continue;
    await enqueueMail(db, { userId, kind, to, ...message });
    queued += 1;
  }
  return queued;
}

/** The outbox lists an SMS by its first words (an SMS has no subject). */
const smsPreview = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

/** The phones an SMS can go to: international form (+40...), valid, each once. */
const smsPhones = (phones: string[]) => [...new Set(phones.map((p) => p.replace(/\s+/g, '')).filter((p) => p.startsWith('+') && isValidPhone(p)))];

/** SMS kinds: the one notification of the SMS settings (spec 000 section 3). */
export type SmsKind = 'pickUpRecipientNotify';

/**
 * Puts one SMS in the outbox (the same table and sender as mail, channel 'sms'): one INSERT, so it
 * can sit in the caller's transaction. Phones are E.164; duplicates are dropped.
 */
export async function enqueueSms(db: Executor, input: { userId: number | null; kind: SmsKind; to: string[]; text: string }): Promise<number> {
  const to = smsPhones(input.to);
  if (to.length === 0) throw new Error('enqueueSms: no valid phone');
  const id = await insertMail(db, { channel: 'sms', userId: input.userId, kind: input.kind, to, subject: smsPreview(input.text), text: input.text, html: null, attachments: [] });
  for (const listener of queuedListeners) listener();
  return id;
}

/**
 * The SMS the account's SMS settings promise when a courier picks a parcel up: to the recipient's
 * phone, and to the second phone too when 'secondPhoneAlso' is on. Answers whether it queued.
 */
export async function notifyPickupBySms(db: Executor, userId: number, phones: { phone: string; phone2: string | null }, text: string): Promise<boolean> {
  const setting = ((await savedSettings(db, userId))?.sms ?? DEFAULT_SMS).pickUpRecipientNotify;
  if (!setting.enabled.value) return false;
  const to = smsPhones([phones.phone, ...(setting.secondPhoneAlso.value && phones.phone2 ? [phones.phone2] : [])]);
  if (to.length === 0) return false;
  await enqueueSms(db, { userId, kind: 'pickUpRecipientNotify', to, text });
  return true;
}

const toOutboxMail = (row: MailListRow): TOutboxMail => ({
  id: row.id,
  channel: row.channel,
  kind: row.kind,
  to: row.to,
  subject: row.subject,
  status: row.status,
  transport: (OUTBOX_TRANSPORTS as readonly string[]).includes(row.transport ?? '') ? (row.transport as TOutboxMail['transport']) : null,
  attempts: row.attempts,
  attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** The account's outbox page: what was sent (or kept, in outbox mode) from the account. */
export function mailOutboxService(deps: { database: Database; mode: MailMode }) {
  const { db } = deps.database;
  return {
    mode: deps.mode,
    async list(userId: number, query: TOutboxQuery) {
      const [list, count] = await Promise.all([
        listMails(db, userId, { limit: query.limit, offset: pageOffset(query) }),
        countMails(db, userId),
      ]);
      return { list: list.map(toOutboxMail), count, page: query.page, perPage: query.limit };
    },
    async get(userId: number, id: number): Promise<TOutboxMailDetail> {
      const row = await findMail(db, userId, id);
      if (!row) throw notFound(messages.mail.notFound);
      return { ...toOutboxMail(row), text: row.text };
    },
  };
}
export type MailOutboxService = ReturnType<typeof mailOutboxService>;
