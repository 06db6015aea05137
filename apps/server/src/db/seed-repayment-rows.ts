import { randomUUID } from 'node:crypto';
import type { TPartyAddress } from '@colete/contract';
import type { Executor } from './client.js';
import { shipmentSearchText } from '../modules/shipments/index.js';
import { repayments, type RepaymentStatus } from './schema/repayments.js';
import { shipments } from './schema/shipments.js';

/**
 * A delivered cash-on-delivery shipment and its repayment written straight into the tables (the
 * demo seed's months of history and the money tests' fixtures: fast, no courier simulator). The
 * shipment is a plain delivered one (returned when the repayment is cancelled). A seed in all but
 * its caller: its tables are listed for it in SEED_TABLES (apps/server/schema-walls.js).
 */

const party = (name: string, city: string, county: string, countyCode: string, postalCode: string): TPartyAddress & { addressId: null } => ({
  addressId: null,
  contactName: name,
  contactCompany: null,
  contactPhone: '+40722000001',
  contactPhone2: null,
  contactEmail: null,
  addressCountryCode: 'RO',
  addressCountyCode: countyCode,
  addressCounty: county,
  addressCity: city,
  addressPostalCode: postalCode,
  addressStreet: 'Strada Principala',
  addressNumber: '10',
  addressBlock: null,
  addressEntrance: null,
  addressIntercom: null,
  addressFloor: null,
  addressApartment: null,
  addressAdditionalInfo: null,
});

export type RepaymentRowInput = {
  userId: number;
  courierId: string;
  awb: string;
  amountBani: number;
  status: RepaymentStatus;
  orderedAt: Date;
  deliveredAt?: Date | null;
  sentByCourierOn?: string | null;
  receivedOn?: string | null;
  recipient?: string;
  city?: string;
};

export async function insertRepaymentRow(db: Executor, r: RepaymentRowInput) {
  const delivered = r.status !== 'awaiting_delivery' && r.status !== 'cancelled';
  const uniqueId = randomUUID().replace(/-/g, '').slice(0, 20);
  const recipient = party(r.recipient ?? 'Ion Destinatar', r.city ?? 'Sectorul 1', 'Bucuresti', 'B', '010093');
  const [shipment] = await db
    .insert(shipments)
    .values({
      uniqueId,
      userId: r.userId,
      status: r.status === 'cancelled' ? 'returned' : delivered ? 'delivered' : 'in_transit',
      statusAt: r.deliveredAt ?? r.orderedAt,
      sender: party('Demo Logistic SRL', 'Cluj-Napoca', 'Cluj', 'CJ', '400114'),
      recipient,
      packages: [{ type: 'parcel', weightGrams: 2000, lengthCm: 30, widthCm: 20, heightCm: 15 }],
      content: 'Marfa',
      options: { codBani: r.amountBani, insuranceBani: null, openAtDelivery: false, saturdayDelivery: false },
      courierId: r.courierId,
      serviceName: 'Standard',
      awb: r.awb,
      // Found by the lists' search (AWB, recipient) like any activated shipment.
      searchText: shipmentSearchText({ awb: r.awb, uniqueId, recipient, clientReference: null }),
      activatedAt: r.orderedAt,
      createdAt: r.orderedAt,
    })
    .returning({ id: shipments.id });
  const [row] = await db
    .insert(repayments)
    .values({
      shipmentId: shipment!.id,
      userId: r.userId,
      courierId: r.courierId,
      awb: r.awb,
      amountBani: r.amountBani,
      status: r.status,
      orderedAt: r.orderedAt,
      deliveredAt: delivered ? (r.deliveredAt ?? r.orderedAt) : null,
      sentByCourierOn: r.sentByCourierOn ?? null,
      receivedOn: r.receivedOn ?? null,
      cancelledAt: r.status === 'cancelled' ? r.orderedAt : null,
      cancelReason: r.status === 'cancelled' ? 'returned' : null,
    })
    .returning();
  return row!;
}
