import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipments } from '../../db/schema/shipments.js';
import { PLATFORM_TIME_ZONE } from '../../lib/dates.js';

/*
 * The dashboard's reads of the shipments (issue 27), each one statement over the indexes of
 * migration 0070: a client's failed deliveries since a day (shipments_user_failed_idx), its
 * activations per day (shipments_user_activated_idx), its AWBs waiting for pick-up by their estimated
 * day (shipments_user_pickup_idx), the platform's activations (shipments_activated_idx).
 */

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;
const s = shipments;

/** A courier's reason that names the address ('Adresa incompleta sau gresita'): the client should fix the address. */
const ADDRESS_REASON = '%adres%';

export type ShipmentAttention = { addressErrors: number; returned: number; refused: number; latePickups: number };

/**
 * What needs the client: shipments returned or refused since `since` (those whose courier reason
 * names the address counted apart too), and AWBs still waiting for the courier after their
 * estimated pick-up day (before `today`, a Bucharest 'YYYY-MM-DD').
 */
export async function shipmentAttention(ex: Executor, userId: number, since: Date, today: string): Promise<ShipmentAttention> {
  const res = await ex.execute(sql`
    select
      count(*) filter (where ${s.statusReason} ilike ${ADDRESS_REASON})::int as "addressErrors",
      count(*) filter (where ${s.status} = 'returned')::int as "returned",
      count(*) filter (where ${s.status} = 'refused')::int as "refused",
      (select count(*)::int from ${s} where ${s.userId} = ${userId} and ${s.status} = 'created' and ${s.estimatedPickupDate} < ${today}) as "latePickups"
    from ${s}
    where ${s.userId} = ${userId} and ${s.status} in ('returned', 'refused') and ${s.statusAt} >= ${since}`);
  return rowsOf<ShipmentAttention>(res)[0]!;
}

/** Shipments activated since `since` (not cancelled), per Bucharest day and courier. */
export async function activationsPerDay(ex: Executor, userId: number, since: Date): Promise<{ day: string; courierId: string; n: number }[]> {
  // Grouped on the Bucharest date, formatted after: to_char on the 30 x couriers groups, not on each row.
  const res = await ex.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as "day", courier as "courierId", n from (
      select (${s.activatedAt} at time zone ${PLATFORM_TIME_ZONE})::date as d, ${s.courierId} as courier, count(*)::int as n
      from ${s}
      where ${s.userId} = ${userId} and ${s.activatedAt} >= ${since} and ${s.status} <> 'cancelled' and ${s.courierId} is not null
      group by 1, 2
    ) x
    order by 1, 2`);
  return rowsOf(res);
}

/** The platform's activated shipments since `today` and since `since`. */
export async function platformActivations(ex: Executor, today: Date, since: Date): Promise<{ today: number; since: number }> {
  const res = await ex.execute(sql`
    select count(*) filter (where ${s.activatedAt} >= ${today})::int as "today", count(*)::int as "since"
    from ${s} where ${s.activatedAt} >= ${since}`);
  return rowsOf<{ today: number; since: number }>(res)[0]!;
}
