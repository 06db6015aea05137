import { REPAYMENTS_LIST_MESSAGES as T, REPAYMENT_STATUS_RGBA, type TRepaymentRow } from '@colete/contract';
import { bucharestDateKey } from '../../lib/dates.js';
import type { ListRow } from './repayments-list-queries.js';

const dayOf = (at: Date | null) => (at ? bucharestDateKey(at) : null);

/** A list row as the spec shapes it (section 3 "Repayment (list row)"). */
export function rowView(r: ListRow): TRepaymentRow {
  const to = r.recipient;
  const contactName = to.contactCompany ? `${to.contactName} (${to.contactCompany})` : to.contactName;
  return {
    uniqueId: r.uniqueId,
    orderDate: r.orderedAt.toISOString(),
    toAddress: {
      contactName,
      addressCity: to.addressCity,
      addressCounty: to.addressCounty,
      text: [contactName, to.addressCity, to.addressCounty].filter(Boolean).join(', '),
    },
    orderAwb: r.awb,
    courierId: r.courierId,
    clientReference: r.clientReference,
    amount: r.amountBani,
    bank: { name: r.bankAccountHolder, account: r.bankAccount },
    status: { code: r.status, text: T.status[r.status], rgba: REPAYMENT_STATUS_RGBA[r.status] },
    dates: { deliveryDate: dayOf(r.deliveredAt), sentToUsDate: r.sentByCourierOn, receivedByUsDate: r.receivedOn, sentToClientDate: dayOf(r.paidAt) },
    isCanceled: r.status === 'cancelled',
  };
}
