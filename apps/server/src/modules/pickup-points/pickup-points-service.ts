import {
  ADDRESS_TYPE_DEFAULT,
  addressText,
  PICKUP_SCHEDULE_TYPE_WEEKDAYS,
  PICKUP_UNUSED_DAYS,
  messages,
  pageOffset,
  type TPickupCourier,
  type TPickupPoint,
  type TPickupPointRequestParsed,
  type TPageQuery,
  type TPickupRequestForAdmin,
} from '@colete/contract';
import type { Database, Executor } from '../../db/client.js';
import type { CourierInfo } from '../../integrations/couriers/courier-network.js';
import { badRequest, conflict, notFound, underPath } from '../../lib/errors.js';
import { addressRowValues, insertAddress, partyAddressOfRow } from '../addresses/index.js';
import {
  activeDiscounts,
  completeRequestedDeletions,
  deactivateUnused,
  insertPoint,
  isPending,
  listPending,
  listPoints,
  liveRequestExists,
  lockAddressAsPickupPoint,
  lockOwnAddress,
  lockPoint,
  markDeletionRequested,
  findPoint,
  touchLastUsed,
  unlockAddressIfUnused,
  updatePoint,
  type AddressRow,
  type PickupRow,
} from './pickup-points-queries.js';

const p = messages.pickupPoints;

/**
 * The discount an approved point gets on its courier's offers, percent, per courier; a courier
 * not listed gets the fallback. The admin approves with this value (the spec's courier.correction).
 */
export const PICKUP_DISCOUNTS: Readonly<Record<string, number>> = { rapidcarpati: 10, dunarea: 15, colet24: 8, postaverde: 12 };
export const PICKUP_DISCOUNT_FALLBACK = 10;
export const defaultDiscountPercent = (courierId: string) => PICKUP_DISCOUNTS[courierId] ?? PICKUP_DISCOUNT_FALLBACK;

/**
 * The discounts, percent by courier, on offers sent from this address of the user: its approved,
 * not deleted points'. Called by the shipments module when it prices offers (one query for all couriers).
 */
export const pickupDiscounts = (db: Executor, userId: number, addressId: number): Promise<Map<string, number>> => activeDiscounts(db, userId, addressId);

/** One courier's discount from that address (0 without an approved point). */
export const pickupDiscountPercent = async (db: Executor, userId: number, addressId: number, courierId: string): Promise<number> =>
  (await activeDiscounts(db, userId, addressId)).get(courierId) ?? 0;

/** A shipment left from this address with this courier: the point is in use (the job keeps it). */
export const markPickupPointUsed = (db: Executor, userId: number, addressId: number, courierId: string, now = new Date()): Promise<void> =>
  touchLastUsed(db, userId, addressId, courierId, now);

function toCourier(info: CourierInfo | undefined, courierId: string, discountPercent?: number): TPickupCourier {
  return {
    forwarderId: courierId,
    name: info?.name ?? courierId,
    logo: info?.logo ?? '',
    correction: discountPercent ?? defaultDiscountPercent(courierId),
    scheduleType: info?.scheduleType ?? 1,
  };
}

const addressLine = (row: AddressRow) => addressText(partyAddressOfRow(row), 'withLocality');

/** A unique-index violation, through Drizzle's wrapper (node-postgres and PGlite both carry the SQLSTATE). */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint === constraint || String(e.message ?? '').includes(constraint);
  }
  return false;
}

/** The nomenclature check of the address book, its field errors keyed as this request nests them ('address.city'). */

type NewAddressInput = Exclude<TPickupPointRequestParsed['address'], { addressId: number }>;

export function pickupPointsService(deps: { database: Database; couriers: () => CourierInfo[] }) {
  const { db } = deps.database;
  const courierById = () => new Map(deps.couriers().map((c) => [c.id, c]));

  function toPoint(row: { point: PickupRow; address: AddressRow }, couriers = courierById()): TPickupPoint {
    const { point, address } = row;
    const courier = toCourier(couriers.get(point.courierId), point.courierId, point.enabled ? point.discountPercent : undefined);
    return {
      id: point.id,
      forwarderName: courier.name,
      address: addressLine(address),
      addressId: address.id,
      enabled: point.enabled,
      printerAvailable: point.printerAvailable,
      deleted: point.deleted,
      rejected: point.rejectedAt !== null,
      rejectReason: point.rejectReason,
      courier,
      pickUpDays: point.pickUpDays,
      estimatedOrdersCount: point.estimatedOrdersCount,
      shortName: address.shortName,
      type: address.type,
      createdAt: point.createdAt.toISOString(),
      approvedAt: point.approvedAt?.toISOString() ?? null,
      lastUsedAt: point.lastUsedAt?.toISOString() ?? null,
    };
  }

  /** A new address is always an address-book entry (the point refers to it); without a name it gets one. */
  async function insertNewAddress(tx: Executor, userId: number, input: NewAddressInput, courierName: string) {
    const values = await underPath('address', () => addressRowValues(tx, { ...input, shortName: input.saveAs || `Punct de ridicare ${courierName}` }));
    return insertAddress(tx, { ...values, userId, type: ADDRESS_TYPE_DEFAULT });
  }

  return {
    /** GET user/pick-up-points/couriers-list: every courier of the network, with its discount. */
    couriers(): TPickupCourier[] {
      return deps.couriers().map((c) => toCourier(c, c.id));
    },

    async list(userId: number, withDeleted: boolean) {
      const couriers = courierById();
      return (await listPoints(db, userId, { withDeleted })).map((row) => toPoint(row, couriers));
    },

    /** POST user/pick-up-points/add: one live request per address and courier. */
    async add(userId: number, input: TPickupPointRequestParsed): Promise<TPickupPoint> {
      const courier = courierById().get(input.courier);
      if (!courier) throw badRequest(messages.common.invalidData, 'validation', { courier: p.courierInvalid });
      const weekdays = courier.scheduleType === PICKUP_SCHEDULE_TYPE_WEEKDAYS;
      if (weekdays && input.pickUpDays.length === 0) throw badRequest(messages.common.invalidData, 'validation', { pickUpDays: p.daysRequired });

      try {
        return await db.transaction(async (tx) => {
          let address: AddressRow;
          if ('addressId' in input.address) {
            const own = await lockOwnAddress(tx, userId, input.address.addressId);
            if (!own) throw notFound(messages.address.notFound);
            if (await liveRequestExists(tx, own.id, courier.id)) throw conflict(p.duplicate, 'duplicate');
            address = own;
          } else {
            address = await insertNewAddress(tx, userId, input.address, courier.name);
          }
          const point = await insertPoint(tx, {
            userId,
            addressId: address.id,
            courierId: courier.id,
            printerAvailable: input.printerAvailable,
            // Only couriers with scheduleType 2 pick up on chosen days; the others set their own.
            pickUpDays: weekdays ? input.pickUpDays : [],
            estimatedOrdersCount: input.estimatedOrderCount,
          });
          return toPoint({ point, address });
        });
      } catch (err) {
        if (isUniqueViolation(err, 'pickup_points_live_key')) throw conflict(p.duplicate, 'duplicate');
        throw err;
      }
    },

    /** PUT user/pick-up-points/request-delete/{id}: the job completes it. */
    async requestDelete(userId: number, id: number) {
      const found = await findPoint(db, userId, id);
      if (!found) throw notFound(p.notFound);
      const row = await markDeletionRequested(db, userId, id, new Date());
      if (!row) throw conflict(p.deleteNotAllowed, 'notDeletable');
    },

    /* ---- Admin ---- */

    async pending(opts: TPageQuery): Promise<{ list: TPickupRequestForAdmin[]; count: number }> {
      const couriers = courierById();
      const { rows, count } = await listPending(db, { limit: opts.limit, offset: pageOffset(opts) });
      return {
        list: rows.map((row) => ({ ...toPoint(row, couriers), client: row.client, discountPercent: defaultDiscountPercent(row.point.courierId) })),
        count,
      };
    },

    /** Approves a pending request: the courier's discount applies and the address is locked (type 10). */
    async approve(id: number, now = new Date()) {
      await db.transaction(async (tx) => {
        const row = await lockPoint(tx, id);
        if (!row) throw notFound(p.notFound);
        if (!isPending(row)) throw conflict(p.notPending, 'notPending');
        await updatePoint(tx, id, { enabled: true, approvedAt: now, discountPercent: defaultDiscountPercent(row.courierId), updatedAt: now });
        await lockAddressAsPickupPoint(tx, row.addressId);
      });
    },

    async reject(id: number, reason: string, now = new Date()) {
      await db.transaction(async (tx) => {
        const row = await lockPoint(tx, id);
        if (!row) throw notFound(p.notFound);
        if (!isPending(row)) throw conflict(p.notPending, 'notPending');
        await updatePoint(tx, id, { rejectedAt: now, rejectReason: reason, updatedAt: now });
      });
    },
  };
}

export type PickupPointsService = ReturnType<typeof pickupPointsService>;

/**
 * The job's work: requested deletions become deletions, approved points unused for `unusedDays`
 * are deleted, and each address no approved point uses any more is unlocked (type 1 again).
 */
export async function processPickupPoints(database: Database, now = new Date(), unusedDays = PICKUP_UNUSED_DAYS) {
  const { db } = database;
  const deletedRows = await completeRequestedDeletions(db, now);
  const deactivatedRows = await deactivateUnused(db, new Date(now.getTime() - unusedDays * 86_400_000), now);
  let unlocked = 0;
  for (const addressId of new Set([...deletedRows, ...deactivatedRows].map((r) => r.addressId))) {
    if (await db.transaction((tx) => unlockAddressIfUnused(tx, addressId))) unlocked += 1;
  }
  return { deleted: deletedRows.length, deactivated: deactivatedRows.length, unlocked };
}
