import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { shipments } from '../../db/schema/shipments.js';

/*
 * Pieces of SQL over the shipments table that another module's statement composes where a query
 * function would split one statement in two (issue 28 §2: the table stays this module's; the
 * other module names a shipment-id column, or joins a projection below, never the table). Where a
 * fragment can be a field of a single-table select, it is nested in an outer sql`` so its columns
 * are written with their table (drizzle writes those unqualified).
 */

/** Invoicing composes it (the documents list's paid state, a payment's invoice check): whether the charge's shipment was postpaid, tested inside the invoices' one SQL. */
export function isPostpaidShipment(shipmentId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`${sql`exists (select 1 from ${shipments} where ${shipments.id} = ${shipmentId} and ${shipments.paymentType} = 'postpaid')`}`;
}

/** Invoicing composes it (an annex's keyset batches of charges): the shipment columns an annex line shows, a subquery joined on `id` in the batch's one SQL. */
export function annexShipments(name = 'annex_shipments') {
  return new QueryBuilder()
    .select({
      id: shipments.id,
      activatedAt: shipments.activatedAt,
      awb: shipments.awb,
      recipient: shipments.recipient,
      serviceName: shipments.serviceName,
      packages: shipments.packages,
    })
    .from(shipments)
    .as(name);
}

/** A LIKE pattern that finds `text` anywhere (its own %, _ and \ taken literally). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The statuses of a shipment whose AWB the shop is told of: made and not cancelled, returned or refused. */
const FULFILLABLE = ['created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const;

/** Store's fulfillment job (pendingFulfillments) filters its due activations on it before their limit: one SQL, so the limit counts only due rows. */
export const shipmentIsActiveWithAwb = (shipmentId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${shipments} where ${shipments.id} = ${shipmentId} and ${shipments.awb} is not null and ${inArray(shipments.status, [...FULFILLABLE])})`;

/** Store's cash-on-delivery claim (takeCod, pickCod) reads its holder's shipment in its one conditional update: two parts claiming at once cannot both win. */
export const shipmentIsCancelled = (shipmentId: SQLWrapper): SQL => sql`exists (select 1 from ${shipments} where ${shipments.id} = ${shipmentId} and ${shipments.status} = 'cancelled')`;

/** The client's shipments whose search text (AWB, ids, parties) contains `text`: the ids as a subquery, served by the trigram index on search_text. */
export const shipmentSearchMatch = (userId: number, text: string): SQL => and(eq(shipments.userId, userId), sql`${shipments.searchText} like ${containsPattern(text)}`)!;

/** Repayments' list composes it (`repayment.shipment_id in (…)`) when the matches are too many to pass by id: the page and its totals filter in their own SQL. */
export const shipmentIdsMatching = (userId: number, text: string): SQL => sql`(select ${shipments.id} from ${shipments} where ${shipmentSearchMatch(userId, text)})`;

/**
 * The shipment columns another module's statement joins by id (`shipmentRefs.id`), a read-only
 * projection PostgreSQL flattens into the join (the same plan as the table's): store's activations
 * and cash-on-delivery holder (their shipment's AWB and status in the same read or update), and
 * repayments' list and export (1,000,000 rows, 30 ms: the page's shipments joined in its one SQL).
 */
export const shipmentRefs = new QueryBuilder()
  .select({
    id: shipments.id,
    uniqueId: shipments.uniqueId,
    awb: shipments.awb,
    status: shipments.status,
    recipient: shipments.recipient,
    clientReference: shipments.clientReference,
  })
  .from(shipments)
  .as('shipment_refs');
