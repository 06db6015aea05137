import type { TPublicTracking } from '@colete/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { shipments } from '../../db/schema/shipments.js';
import type { ShipmentContext } from './shipment-context.js';
import { STATUS_VIEW } from './shipment-status.js';
import { shipmentHistory, type ShipmentRow } from './shipments-queries.js';

/** A working day after the pick-up (Sunday skipped): the couriers' standard next-day delivery. */
function nextWorkingDay(day: string) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const FINAL = new Set(['delivered', 'returned', 'refused', 'cancelled']);

/**
 * The public tracking page's answer for an AWB (no sign-in): the courier, the status and its
 * history with dates and the courier's places, the estimated delivery and the destination's city.
 * Nothing else of the parties (no names, phones or streets). Null for an unknown AWB (or one
 * still being made).
 */
export function publicTrackingStage(ctx: ShipmentContext, refresh: (row: ShipmentRow) => Promise<ShipmentRow>) {
  const { db } = ctx;
  return async function publicTracking(awb: string): Promise<Omit<TPublicTracking, 'success'> | null> {
    const [found] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.awb, awb), notInArray(shipments.status, ['draft', 'activating'])))
      .orderBy(desc(shipments.id))
      .limit(1);
    if (!found) return null;
    const row = await refresh(found).catch(() => found);
    const history = await shipmentHistory(db, row.id);
    const view = STATUS_VIEW[row.status];
    return {
      awb,
      courierName: row.courierId ? ctx.courierName(row.courierId) : '',
      status: { text: view.text, color: view.color },
      destinationCity: row.recipient.addressCity,
      estimatedDelivery: FINAL.has(row.status) || !row.estimatedPickupDate ? null : nextWorkingDay(row.estimatedPickupDate),
      events: history.map((e) => ({ text: e.text, at: e.at.toISOString(), location: e.location })),
    };
  };
}
