import { REPAYMENTS_LIST_MESSAGES as T, pageOffset, type TAwaitingRepayment, type TSheet } from '@colete/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { awaitingList, sheetOf, sheetsAmounts, sheetsPage } from './repayments-sheets-queries.js';

type ShipmentPlace = { contactName: string; addressCity: string; addressCounty: string };
const place = (a: ShipmentPlace) => [a.addressCity, a.addressCounty].filter(Boolean).join(', ');

/** The sheets (payout batches) and the repayments awaiting an account fix, read for the acting client. */
export function repaymentSheetsService(database: Database) {
  const { db } = database;
  return {
    async sheets(clientId: number, page: { page: number; limit: number }): Promise<{ list: TSheet[]; count: number }> {
      const { rows, count } = await sheetsPage(db, clientId, { limit: page.limit, offset: pageOffset(page) });
      return {
        count,
        list: rows.map((s) => ({
          id: s.id,
          sheetDate: s.sheetDate,
          bankAccountOwner: s.bankAccountOwner,
          bankAccount: s.bankAccount,
          amount: s.amountBani,
          repaymentsAmount: s.repaymentsAmountBani,
          bank: s.bankName,
          paid: s.status === 'paid' ? 1 : 0,
        })),
      };
    },

    amounts: (clientId: number) => sheetsAmounts(db, clientId),

    /** Another client's sheet answers 404. */
    async info(clientId: number, sheetId: number) {
      const sheet = await sheetOf(db, clientId, sheetId);
      if (!sheet) throw notFound(T.sheetNotFound);
      return { paidDate: sheet.sheetDate, bankAccount: sheet.bankAccount ?? '', bankOwnerName: sheet.bankAccountOwner ?? '' };
    },

    async awaiting(clientId: number): Promise<TAwaitingRepayment[]> {
      const rows = await awaitingList(db, clientId);
      return rows.map((r) => ({
        id: r.id,
        awb: r.awb,
        addressFrom: place(r.sender),
        addressTo: place(r.recipient),
        createdDate: r.orderedAt.toISOString(),
        price: r.amountBani,
        contactName: r.recipient.contactName,
        bankAccount: r.bankAccount ?? '',
      }));
    },
  };
}
export type RepaymentSheetsService = ReturnType<typeof repaymentSheetsService>;

