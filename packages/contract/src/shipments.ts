import { z } from './zod.js';
import { listEnvelope, pageQuery } from './common/pagination.js';
import { ZAddressInput } from './addresses.js';
import { commonMessages } from './messages/common.js';
import { shipmentsMessages } from './messages/shipments.js';
import { checkEnvelope, checkEnvelopeCount, PACKAGE_FIELDS, PACKAGE_TYPES, packageList } from './package.js';
import { SERVICE_TYPES, SHIPMENT_STATUSES, SHIPMENTS_PAGE_SIZE } from './shipment-status.js';

/** Shipments: the platform's own orders (issue 5; spec 002 offers). Their packages are package.ts's. */

/** Offers are asked again this long after the last change (issue 5). */
export const OFFERS_DEBOUNCE_MS = 300;
export const COD_MAX_LEI = 20_000;
export const INSURANCE_MAX_LEI = 100_000;

const s = () => shipmentsMessages;

/** A package of the order: its type and measures, and the envelope rule on an envelope. */
export const ZPackage = z.object({ type: z.enum(PACKAGE_TYPES), ...PACKAGE_FIELDS }).check((ctx) => {
  if (ctx.value.type === 'envelope') checkEnvelope(ctx.issues, ctx.value, (measure) => [measure]);
});
export type TPackage = z.infer<typeof ZPackage>;

const ZSavedParty = z.object({ addressId: z.number().int().positive() }).strict();
const ZTypedParty = ZAddressInput.omit({ shortName: true }).extend({
  /** Also keep it in the address book under this name. */
  saveAs: z.string().trim().max(60, commonMessages.fieldInvalid).optional().nullable(),
});
export type TShipmentParty = z.input<typeof ZSavedParty> | z.input<typeof ZTypedParty>;
type ShipmentPartyParsed = z.output<typeof ZSavedParty> | z.output<typeof ZTypedParty>;

/**
 * A party of the shipment: an address-book entry ({addressId}), or an address typed in the shared
 * address form. Picked by the presence of addressId, so a typed address gets its own field messages.
 */
export const ZShipmentParty = z.unknown().transform((value, ctx): ShipmentPartyParsed => {
  const saved = !!value && typeof value === 'object' && 'addressId' in value;
  const parsed = (saved ? ZSavedParty : ZTypedParty).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

const amount = (max: number) => z.number({ error: () => s().amountInvalid }).min(0, { error: () => s().amountInvalid }).max(max, { error: () => s().amountInvalid });

export const ZShipmentOptions = z.object({
  cod: z.object({ active: z.boolean(), amount: amount(COD_MAX_LEI) }),
  insurance: z.object({ active: z.boolean(), amount: amount(INSURANCE_MAX_LEI) }),
  openAtDelivery: z.boolean(),
  /** Only on Fridays in Bucharest (spec 002 section 5). */
  saturdayDelivery: z.boolean(),
});
export type TShipmentOptions = z.infer<typeof ZShipmentOptions>;

/** The shipment's content text (required, at most 100 letters). */
const shipmentContent = () => z.string().trim().min(1, { error: () => s().contentRequired }).max(100, commonMessages.fieldInvalid);

/** What the new-shipment page sends for offers and for saving. */
export const ZShipmentDraft = z
  .object({
    sender: ZShipmentParty,
    recipient: ZShipmentParty,
    packages: packageList(ZPackage),
    content: shipmentContent(),
    clientReference: z.string().trim().max(50, commonMessages.fieldInvalid).optional().nullable(),
    options: ZShipmentOptions,
  })
  .check((ctx) => {
    const packages = ctx.value.packages;
    if (packages.some((p) => p.type === 'envelope')) checkEnvelopeCount(ctx.issues, packages, ['packages']);
  });
export type TShipmentDraft = Omit<z.input<typeof ZShipmentDraft>, 'sender' | 'recipient'> & { sender: TShipmentParty; recipient: TShipmentParty };

/**
 * PUT shipments/{uniqueId}: a saved draft's parcels and content, changed before activation (a
 * customer's return arrives with a default parcel). The addresses and options stay as saved.
 */
export const ZShipmentDraftUpdate = z
  .object({
    packages: packageList(ZPackage),
    content: shipmentContent(),
  })
  .check((ctx) => {
    const packages = ctx.value.packages;
    if (packages.some((p) => p.type === 'envelope')) checkEnvelopeCount(ctx.issues, packages, ['packages']);
  });
export type TShipmentDraftUpdate = z.input<typeof ZShipmentDraftUpdate>;
export type TShipmentDraftParsed = z.output<typeof ZShipmentDraft>;

/**
 * PUT shipments/{uniqueId} with the whole draft, as the new-shipment page sends it (its edit mode):
 * the parties, parcels, content, reference and options, and the service chosen among the new offers
 * (kept only while it is still offered for the changed draft).
 */
export const ZShipmentDraftEdit = ZShipmentDraft.safeExtend({
  serviceId: z.string().min(1).max(100).optional().nullable(),
  pointId: z.string().min(1).max(100).optional().nullable(),
});
export type TShipmentDraftEdit = TShipmentDraft & { serviceId?: string | null; pointId?: string | null };
export type TShipmentDraftEditParsed = z.output<typeof ZShipmentDraftEdit>;

export type TShipmentDraftChangeParsed = ({ full: true } & TShipmentDraftEditParsed) | ({ full: false } & z.output<typeof ZShipmentDraftUpdate>);
/**
 * The PUT's body: the whole draft when it names a party (sender or recipient), else the parcels and
 * content alone (the details page's parcel editor). Each is checked by its own schema's messages.
 */
export const ZShipmentDraftChange = z.unknown().transform((value, ctx): TShipmentDraftChangeParsed => {
  const full = !!value && typeof value === 'object' && ('sender' in value || 'recipient' in value);
  const parsed = full ? ZShipmentDraftEdit.safeParse(value) : ZShipmentDraftUpdate.safeParse(value);
  if (parsed.success) return full ? { full: true, ...(parsed.data as TShipmentDraftEditParsed) } : { full: false, ...(parsed.data as z.output<typeof ZShipmentDraftUpdate>) };
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
export type TShipmentDraftChange = TShipmentDraftUpdate | TShipmentDraftEdit;

const text = z.string();
const maybe = z.string().nullable();
/** A saved party in the shared address form's names (as stored: a form shows it, the PUT checks it). */
export const ZDraftFormParty = z.object({
  contactName: text,
  contactCompany: maybe,
  contactPhone: text,
  contactPhone2: maybe,
  contactEmail: maybe,
  countyCode: text,
  city: text,
  postalCode: maybe,
  street: maybe,
  number: text,
  block: maybe,
  entrance: maybe,
  intercom: maybe,
  floor: maybe,
  apartment: maybe,
  additionalInfo: maybe,
});
export type TDraftFormParty = z.infer<typeof ZDraftFormParty>;
/**
 * GET shipments/{uniqueId}/draft: a saved draft as the new-shipment page's form holds it (its edit
 * mode), with the service chosen when it was saved (none: a return, or a service dropped since).
 */
export const ZShipmentDraftFormResponse = z.object({
  success: z.literal(true),
  uniqueId: z.string(),
  kind: z.enum(['shipment', 'return']),
  draft: z.object({
    sender: ZDraftFormParty,
    recipient: ZDraftFormParty,
    packages: z.array(z.object({ type: z.enum(PACKAGE_TYPES), weight: z.number(), length: z.number(), width: z.number(), height: z.number() })),
    content: z.string(),
    clientReference: z.string().nullable(),
    options: z.object({
      cod: z.object({ active: z.boolean(), amount: z.number() }),
      insurance: z.object({ active: z.boolean(), amount: z.number() }),
      openAtDelivery: z.boolean(),
      saturdayDelivery: z.boolean(),
    }),
  }),
  serviceId: z.string().nullable(),
  pointId: z.string().nullable(),
});
export type TShipmentDraftFormResponse = z.infer<typeof ZShipmentDraftFormResponse>;

export const ZPickupPointOffer = z.object({ id: z.string(), name: z.string(), fullAddress: z.string(), distanceKm: z.number().nullable() });
export const ZOffer = z.object({
  serviceId: z.string(),
  courierId: z.string(),
  courierName: z.string(),
  /** The courier's logo (a path on this site). */
  courierLogo: z.string(),
  serviceName: z.string(),
  type: z.enum(SERVICE_TYPES),
  /** Parts separated by '#'. */
  description: z.string(),
  /** RON with VAT and without, 2 decimals. */
  price: z.string(),
  priceNoVat: z.string(),
  /** The pick-up point discount applied, percent (0 without). */
  discountPercent: z.number(),
  lastOrderHour: z.string().nullable(),
  lastPickupHour: z.string().nullable(),
  /** Non-empty: shown disabled with these reasons. */
  errors: z.array(z.string()),
  points: z.array(ZPickupPointOffer),
});
export type TOffer = z.infer<typeof ZOffer>;
export const ZOffersResponse = z.object({ success: z.literal(true), offers: z.array(ZOffer) });
export type TOffersResponse = z.infer<typeof ZOffersResponse>;

/** Save (and optionally activate) a shipment: the draft, the chosen service and point, and the page's request key. */
export const ZShipmentCreateRequest = ZShipmentDraft.safeExtend({
  serviceId: z.string().min(1).max(100).optional().nullable(),
  pointId: z.string().min(1).max(100).optional().nullable(),
  /** One key per new-shipment page: a double click or a retried request never makes two shipments. */
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  activate: z.boolean().default(false),
});
export type TShipmentCreateRequest = Omit<z.input<typeof ZShipmentCreateRequest>, 'sender' | 'recipient'> & { sender: TShipmentParty; recipient: TShipmentParty };

/** POST shipments/{uniqueId}/activate: a draft saved without a service is activated with the one chosen on its page. */
export const ZShipmentActivateRequest = z
  .object({
    serviceId: z.string().min(1).max(100).optional(),
    pointId: z.string().min(1).max(100).optional().nullable(),
  })
  // A call without a body activates with the draft's own service.
  .nullish();
export type TShipmentActivateRequest = z.input<typeof ZShipmentActivateRequest>;

export const ZShipmentStatus = z.object({
  code: z.enum(SHIPMENT_STATUSES),
  text: z.string(),
  /** A theme colour name: success, info, warning, error, default. */
  color: z.enum(['success', 'info', 'warning', 'error', 'default']),
  dateTime: z.string(),
  reason: z.string().nullable(),
});
export type TShipmentStatus = z.infer<typeof ZShipmentStatus>;

export const ZShipmentAddressView = z.object({
  contactName: z.string(),
  company: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  county: z.string(),
  city: z.string(),
  postalCode: z.string(),
  line: z.string(),
});

export const ZShipmentSummary = z.object({
  uniqueId: z.string(),
  kind: z.enum(['shipment', 'return']),
  status: ZShipmentStatus,
  createdAt: z.string(),
  awb: z.string().nullable(),
  courierId: z.string().nullable(),
  courierName: z.string().nullable(),
  courierLogo: z.string().nullable(),
  serviceName: z.string().nullable(),
  recipient: z.object({ contactName: z.string(), city: z.string(), county: z.string() }),
  sender: z.object({ contactName: z.string(), city: z.string(), county: z.string() }),
  clientReference: z.string().nullable(),
  price: z.string().nullable(),
  cod: z.string().nullable(),
  parcelCount: z.number().int(),
});
export type TShipmentSummary = z.infer<typeof ZShipmentSummary>;

export const ZShipmentDetail = ZShipmentSummary.extend({
  senderAddress: ZShipmentAddressView,
  recipientAddress: ZShipmentAddressView,
  packages: z.array(ZPackage),
  content: z.string(),
  options: z.object({ cod: z.string().nullable(), insurance: z.string().nullable(), openAtDelivery: z.boolean(), saturdayDelivery: z.boolean() }),
  point: ZPickupPointOffer.nullable(),
  priceNoVat: z.string().nullable(),
  estimatedPickupDate: z.string().nullable(),
  paymentType: z.enum(['prepaid', 'postpaid']).nullable(),
  /** Label formats this courier prints, the default first (the user's awbFormat when supported). */
  labelFormats: z.array(z.enum(['A4', 'A6'])),
  canCancel: z.boolean(),
  canActivate: z.boolean(),
  /** A draft saved without a service (a customer's return): its page shows the offers to choose from. */
  chooseService: z.boolean(),
  history: z.array(z.object({ status: z.string(), text: z.string(), dateTime: z.string(), reason: z.string().nullable(), location: z.string().nullable() })),
  /** A return made on a template's public page: the customer's answers, with the labels of that moment. */
  returnAnswers: z.array(z.object({ label: z.string(), value: z.string() })).nullable().optional(),
});
export type TShipmentDetail = z.infer<typeof ZShipmentDetail>;
export const ZShipmentResponse = z.object({ success: z.literal(true), message: z.string().optional(), shipment: ZShipmentDetail });
export type TShipmentResponse = z.infer<typeof ZShipmentResponse>;

/**
 * The shipments list: from/to (Bucharest days) bound browsing; a q that is a shipment's whole AWB
 * or reference finds it at any date. A start after the end is refused on `from`.
 */
export const ZShipmentListQuery = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    status: z.enum(SHIPMENT_STATUSES).optional(),
    q: z.string().trim().max(100).optional(),
    ...pageQuery(SHIPMENTS_PAGE_SIZE).shape,
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: shipmentsMessages.dateRangeInvalid, path: ['from'] });
export type TShipmentListQuery = z.input<typeof ZShipmentListQuery>;
/** `total`, `page` and `perPage` are kept beside the envelope's `count` for the answer's older readers. */
export const ZShipmentListResponse = listEnvelope(ZShipmentSummary).extend({ total: z.number().int(), page: z.number().int(), perPage: z.number().int() });
export type TShipmentListResponse = z.infer<typeof ZShipmentListResponse>;

export const ZUniqueIdParams = z.object({ uniqueId: z.string().regex(/^[A-Za-z0-9]{8,32}$/) });
export const ZLabelParams = ZUniqueIdParams.extend({ format: z.enum(['A4', 'A6']) });
