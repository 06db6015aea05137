import {
  MAIL_SETTING_KEYS,
  type AwbFormat,
  type MailSettingKey,
  type TMailSettings,
  type TOrderSettings,
  type TSmsSettings,
} from '@colete/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userSettings } from '../../db/schema/settings.js';
import type { UserRow } from '../../types.js';

/** Which mail notifications are on for a new account: the ones about its own orders and money. */
const MAIL_DEFAULT_ON: Record<MailSettingKey, boolean> = {
  sendInvoiceMail: true,
  sendOrderDeliveryAlerts: true,
  sendRepaymentSheet: true,
  sendOrderConfirmationToSender: true,
  sendOrderConfirmationToMarkedEmails: false,
  sendOrderConfirmationWithoutAttachments: false,
  sendOrderReturn: true,
  sendEInvoiceReceived: false,
};

export const defaultMailSettings = (email: string): TMailSettings =>
  Object.fromEntries(MAIL_SETTING_KEYS.map((k) => [k, { enabled: MAIL_DEFAULT_ON[k], emails: [email] }])) as TMailSettings;
export const DEFAULT_SMS: TSmsSettings = { pickUpRecipientNotify: { enabled: { value: true }, secondPhoneAlso: { value: false } } };
/** The spec's default label format. */
export const DEFAULT_AWB_FORMAT: AwbFormat = 'A4';
export const DEFAULT_WILL_PRINT = true;

/** Settings are one row per account, created with the first save; until then the defaults apply. */
export function settingsService(deps: { database: Database }) {
  const { db } = deps.database;

  async function row(userId: number) {
    const [found] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    return found ?? null;
  }

  async function save(userId: number, values: Partial<typeof userSettings.$inferInsert>) {
    await db
      .insert(userSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: new Date() } });
  }

  return {
    async mail(client: UserRow): Promise<TMailSettings> {
      // A setting added after the account saved its own (issue 25's e-Factura mail) has its default.
      const defaults = defaultMailSettings(client.email);
      const saved = (await row(client.id))?.mail;
      return saved ? { ...defaults, ...saved } : defaults;
    },
    saveMail: (client: UserRow, mail: TMailSettings) => save(client.id, { mail }),

    async sms(client: UserRow): Promise<TSmsSettings> {
      return (await row(client.id))?.sms ?? DEFAULT_SMS;
    },
    // A second phone is only notified when notifications are on.
    saveSms: (client: UserRow, sms: TSmsSettings) =>
      save(client.id, {
        sms: {
          pickUpRecipientNotify: {
            enabled: sms.pickUpRecipientNotify.enabled,
            secondPhoneAlso: { value: sms.pickUpRecipientNotify.enabled.value && sms.pickUpRecipientNotify.secondPhoneAlso.value },
          },
        },
      }),

    async awbFormat(client: UserRow): Promise<AwbFormat> {
      return (await row(client.id))?.awbFormat ?? DEFAULT_AWB_FORMAT;
    },
    saveAwbFormat: (client: UserRow, awbFormat: AwbFormat) => save(client.id, { awbFormat }),

    async order(client: UserRow): Promise<TOrderSettings> {
      return { willPrint: { value: (await row(client.id))?.willPrint ?? DEFAULT_WILL_PRINT } };
    },
    saveOrder: (client: UserRow, order: TOrderSettings) => save(client.id, { willPrint: order.willPrint.value }),
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
