import { z } from './zod.js';
import { listEnvelope, pageQuery } from './common/pagination.js';
import { ZAddressInput } from './addresses.js';
import { commonMessages } from './messages/common.js';
import { pickupPointsMessages } from './messages/pickupPoints.js';

/** Pick-up points (spec 000 sections 2-5, 7, 8): a client's address where a courier picks up regularly. */

/** deleted: 0 no, 1 deletion requested, 2 deleted (spec 000 section 4). */
export const PICKUP_DELETED = { no: 0, requested: 1, deleted: 2 } as const;
/** Couriers with scheduleType 2 let the client choose the pick-up weekdays. */
export const PICKUP_SCHEDULE_TYPE_WEEKDAYS = 2;
/** 1 Monday ... 5 Friday. */
export const PICKUP_WEEKDAYS = [
  { value: 1, label: 'Luni' },
  { value: 2, label: 'Marti' },
  { value: 3, label: 'Miercuri' },
  { value: 4, label: 'Joi' },
  { value: 5, label: 'Vineri' },
] as const;
/** An approved point with no shipment for this many days is deactivated (the list says so). */
export const PICKUP_UNUSED_DAYS = 60;
/** The add success snackbar stays 10 s (spec 000 section 8). */
export const PICKUP_ADD_SUCCESS_MS = 10_000;
export const PICKUP_ADMIN_PAGE_SIZE = 20;
export const PICKUP_REJECT_REASON_MAX = 300;

const p = () => pickupPointsMessages;
const ZId = z.number().int().positive().max(2_147_483_647);

/** The address of a point: an address-book entry, or a new address (saved under `saveAs` when given). */
export const ZPickupAddress = z.union([
  z.object({ addressId: ZId }).strict(),
  ZAddressInput.omit({ shortName: true }).extend({
    /** Also keep it in the address book under this name (spec 000 section 2, step 1). */
    saveAs: z.string().trim().max(60, commonMessages.fieldInvalid).optional().nullable(),
  }),
], { error: () => p().addressRequired });
export type TPickupAddress = z.input<typeof ZPickupAddress>;

/** POST user/pick-up-points/add (spec 000 section 7). Weekdays are checked against the courier on the server. */
export const ZPickupPointRequest = z.object({
  address: ZPickupAddress,
  courier: z.string({ error: () => p().courierRequired }).trim().min(1, { error: () => p().courierRequired }).max(40, { error: () => p().courierInvalid }),
  estimatedOrderCount: z
    .number({ error: () => p().estimatedRequired })
    .int({ error: () => p().estimatedInvalid })
    .min(1, { error: () => p().estimatedMin })
    .max(1_000_000, { error: () => p().estimatedInvalid }),
  pickUpDays: z
    .array(z.number().int().min(1, { error: () => p().daysInvalid }).max(5, { error: () => p().daysInvalid }), { error: () => p().daysInvalid })
    .max(5, { error: () => p().daysInvalid })
    .default([])
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  printerAvailable: z.boolean({ error: () => p().printerRequired }),
});
export type TPickupPointRequest = z.input<typeof ZPickupPointRequest>;
export type TPickupPointRequestParsed = z.output<typeof ZPickupPointRequest>;

/** A courier as the pick-up form shows it (spec 000 section 3 courier): correction is the discount, percent. */
export const ZPickupCourier = z.object({
  forwarderId: z.string(),
  name: z.string(),
  logo: z.string(),
  correction: z.number(),
  scheduleType: z.number().int(),
});
export type TPickupCourier = z.infer<typeof ZPickupCourier>;
export const ZPickupCouriersResponse = z.object({ success: z.literal(true), list: z.array(ZPickupCourier) });
export type TPickupCouriersResponse = z.infer<typeof ZPickupCouriersResponse>;

/** A pick-up point (spec 000 section 3), with the request's dates and a rejection's reason. */
export const ZPickupPoint = z.object({
  id: z.number().int(),
  forwarderName: z.string(),
  /** The full address, one line. */
  address: z.string(),
  addressId: z.number().int(),
  enabled: z.boolean(),
  printerAvailable: z.boolean(),
  deleted: z.number().int(),
  rejected: z.boolean(),
  rejectReason: z.string().nullable(),
  courier: ZPickupCourier,
  pickUpDays: z.array(z.number().int()),
  estimatedOrdersCount: z.number().int(),
  shortName: z.string(),
  /** The address's type: 10 once the point is approved (the address is locked). */
  type: z.number().int(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type TPickupPoint = z.infer<typeof ZPickupPoint>;

export const ZPickupListQuery = z.object({
  displayDeleted: z
    .enum(['0', '1'], { error: () => commonMessages.invalidData })
    .default('0')
    .transform((v) => v === '1'),
});
export const ZPickupListResponse = z.object({ success: z.literal(true), list: z.array(ZPickupPoint) });
export type TPickupListResponse = z.infer<typeof ZPickupListResponse>;
export const ZPickupAddResponse = z.object({ success: z.literal(true), message: z.string(), point: ZPickupPoint });
export type TPickupAddResponse = z.infer<typeof ZPickupAddResponse>;
export const ZPickupIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/* ---- Admin: pending requests, approve, reject ---- */

export const ZPickupAdminQuery = pageQuery(PICKUP_ADMIN_PAGE_SIZE);
export const ZPickupRequestForAdmin = ZPickupPoint.extend({
  client: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** The discount the point gets when approved, percent. */
  discountPercent: z.number().int(),
});
export type TPickupRequestForAdmin = z.infer<typeof ZPickupRequestForAdmin>;
export const ZPickupAdminListResponse = listEnvelope(ZPickupRequestForAdmin);
export type TPickupAdminListResponse = z.infer<typeof ZPickupAdminListResponse>;
export const ZPickupRejectRequest = z.object({
  reason: z
    .string({ error: () => p().rejectReasonRequired })
    .trim()
    .min(1, { error: () => p().rejectReasonRequired })
    .max(PICKUP_REJECT_REASON_MAX, { error: () => commonMessages.fieldInvalid }),
});
export type TPickupRejectRequest = z.input<typeof ZPickupRejectRequest>;

/* ---- Display status (spec 000 section 4) ---- */

export type PickupStatusColor = 'error' | 'success' | 'warning';
/**
 * deleted 1 'In curs de stergere' and 2 'Sters' (red), approved 'Activa' (green), otherwise
 * 'In curs de aprobare' (orange). A rejected request (not in the spec's list) is 'Respinsa', red.
 */
export function pickupPointStatus(point: Pick<TPickupPoint, 'deleted' | 'enabled' | 'rejected'>): { label: string; color: PickupStatusColor } {
  if (point.deleted === PICKUP_DELETED.requested) return { label: 'In curs de stergere', color: 'error' };
  if (point.deleted === PICKUP_DELETED.deleted) return { label: 'Sters', color: 'error' };
  if (point.rejected) return { label: 'Respinsa', color: 'error' };
  if (point.enabled) return { label: 'Activa', color: 'success' };
  return { label: 'In curs de aprobare', color: 'warning' };
}

/** 'Luni, Miercuri'; empty when the courier sets the days. */
export const pickupDaysLabel = (days: readonly number[]) =>
  days
    .map((d) => PICKUP_WEEKDAYS.find((w) => w.value === d)?.label)
    .filter(Boolean)
    .join(', ');
