import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { shipments } from '../../db/schema/shipments.js';

/*
 * Pieces of SQL over the shipments table that another module puts into its own statement, where a
 * look-up per row or a second query would break a page's single query. The other module sees the
 * fragment, never the table. Each is nested in an outer sql`` so its columns are written with
 * their table even as a field of a single-table select (drizzle writes those unqualified).
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
