import { z } from './zod.js';
import { ZPartyAddress } from './party-address.js';
import { PACKAGE_TYPES } from './package.js';
import { ZPacking } from './store-packing.js';
import { ZStoreRefusal } from './store-refusal.js';

/*
 * Contract of one store order as the order page shows it (issue 13, spec 002 section 3 "Store order
 * (detail)", "Fulfillment order", "Internal address"; spec 001 section 3 "Store address", "Shipping
 * item", "Product (by id)", "Packing"). Money in bani, weights in kilograms, sides in centimetres.
 * Store ids are Shopify's global ids ('gid://shopify/Order/1001').
 */

/** The address as the shop holds it (spec 001 "Store address"): read-only on the page ('-' when empty). */
export const ZStoreAddress = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  province: z.string().nullable(),
  provinceCode: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  countryCode: z.string().nullable(),
});
export type TStoreAddress = z.infer<typeof ZStoreAddress>;

export const ADDRESS_CORRECTION_ERRORS = ['CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR', 'STREET_ERROR', 'NUMBER_ERROR'] as const;
/** The page's own errors while its forms are invalid (spec 001 section 4 "Address correction"). */
export const AUTO_ADDRESS_ERRORS = ['auto_invalidContact', 'auto_invalidAddress'] as const;

/** A correction the nomenclature offers: CHANGE_DEFAULT is already applied to the internal address, CHANGE an alternative. */
export const ZAddressSuggestion = z.object({
  type: z.enum(['CHANGE', 'CHANGE_DEFAULT']),
  suggestedBy: z.enum(['CITY_INPUT', 'POSTAL_CODE']),
  values: z.object({ city: z.string(), upLocality: z.string().optional(), county: z.string(), postalCode: z.string(), street: z.string() }),
});
export type TAddressSuggestion = z.infer<typeof ZAddressSuggestion>;
/** A correction error, or one of the page's own (auto_*, without suggestions) while its forms are invalid. */
export const ZAddressCorrectionError = z.object({ type: z.enum([...ADDRESS_CORRECTION_ERRORS, ...AUTO_ADDRESS_ERRORS]), suggestions: z.array(ZAddressSuggestion) });
export type TAddressCorrectionError = z.infer<typeof ZAddressCorrectionError>;

/** Spec 001 "Address form (store integration)": what 'Adresa Colete-Online' edits. */
export const ZStoreAddressForm = z.object({
  countryCode: z.string(),
  postalCode: z.string(),
  city: z.string(),
  countyCode: z.string(),
  street: z.string(),
  number: z.string(),
  building: z.string(),
  entrance: z.string(),
  intercom: z.string(),
  floor: z.string(),
  apartment: z.string(),
  landmark: z.string(),
  additionalInfo: z.string(),
});
export type TStoreAddressForm = z.infer<typeof ZStoreAddressForm>;
/** Spec 001 "Contact form". */
export const ZStoreContactForm = z.object({ name: z.string(), phone: z.string(), email: z.string(), company: z.string() });
export type TStoreContactForm = z.infer<typeof ZStoreContactForm>;

/** The recipient (spec 001 "Shipping item"): the shop's address, the corrected one, what is still wrong, and what was corrected. */
export const ZShippingTo = z.object({
  shopifyAddress: ZStoreAddress,
  internalAddress: z.object({ address: ZStoreAddressForm, contact: ZStoreContactForm }),
  errors: z.array(ZAddressCorrectionError),
  info: z.array(z.object({ message: z.string() })),
});
export type TShippingTo = z.infer<typeof ZShippingTo>;

/** A shop location an awaiting fulfillment order may move to (spec 001 'Alegeti o locatie'). */
export const ZMoveLocation = z.object({
  locationId: z.string(),
  name: z.string(),
  /** Shopify's answer for that location (e.g. it does not stock every product): shown under the name. */
  message: z.string().nullable(),
  movable: z.boolean(),
});
export type TMoveLocation = z.infer<typeof ZMoveLocation>;

/**
 * The sender of an awaiting fulfillment order (spec 002 "Fulfillment order" fromLocation): the shop's
 * location and the platform's pick-up address for it. internalAddress is the address-book entry
 * associated with the location (mutationId set), else the client's default entry, else the
 * location's own address read through the nomenclature (addressId null, errors when it is not valid).
 */
export const ZFromLocation = z.object({
  shopifyAddress: z.object({ name: z.string(), location: z.object({ id: z.string(), legacyResourceId: z.string(), address: z.object({ formatted: z.array(z.string()) }) }) }),
  internalAddress: z
    .object({
      locationId: z.string(),
      addressId: z.number().int().nullable(),
      /** The saved association's id ('Salveaza asocierea si pentru comenzile viitoare'); null when none. */
      mutationId: z.number().int().nullable(),
      validationStrategy: z.enum(['ASSOCIATION', 'DEFAULT_ADDRESS', 'LOCATION']),
      contact: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable(), phone2: z.string().nullable() }),
      address: ZPartyAddress,
      fullAddress: z.string(),
    })
    .nullable(),
  errors: z.array(ZAddressCorrectionError),
  hasViableLocationsForMove: z.boolean(),
  possibleLocationsForMove: z.array(ZMoveLocation),
});
export type TFromLocation = z.infer<typeof ZFromLocation>;

/** A product of the order by its variant (spec 001 "Product (by id)"), with its saved dimensions. */
export const ZStoreProduct = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  /** Kilograms, from the variant's weight (null when the shop has none). */
  weight: z.number().nullable(),
  image: z.object({ url: z.string() }).nullable(),
  priceBani: z.number().int(),
  productMutation: z.object({ mutationId: z.number().int(), product: z.object({ dimensions: z.object({ width: z.number(), length: z.number(), height: z.number() }) }) }).nullable(),
});
export type TStoreProduct = z.infer<typeof ZStoreProduct>;

export const ZPackingLine = z.object({ product: z.object({ id: z.string() }), quantity: z.number().int().positive() });
export const ZStorePackage = z.object({
  weight: z.number(),
  width: z.number(),
  length: z.number(),
  height: z.number(),
  metadata: z.array(ZPackingLine),
  manuallyAdded: z.boolean(),
  calculatedAutomatically: z.boolean(),
});
export type TStorePackage = z.infer<typeof ZStorePackage>;
/** Spec 001 "Packing": the packages (part 2 edits them), postponed products, the type (1 envelope, 2 parcel). */
export const ZStorePacking = z.object({
  list: z.array(ZStorePackage),
  type: z.enum(PACKAGE_TYPES),
  content: z.string(),
  valid: z.boolean(),
  postponedProducts: z.array(ZPackingLine),
});
export type TStorePacking = z.infer<typeof ZStorePacking>;

export const ZStoreExtraOptions = z.object({
  insurance: z.object({ active: z.boolean(), amount: z.number().int() }),
  repayment: z.object({ account: z.object({ active: z.boolean(), amount: z.number().int() }) }),
  openAtDelivery: z.object({ active: z.boolean() }),
  saturdayDelivery: z.object({ active: z.boolean() }),
});
export type TStoreExtraOptions = z.infer<typeof ZStoreExtraOptions>;

/** One awaiting fulfillment order: a card 'Comanda #n' (spec 002 section 2.1). */
export const ZAwaitingFulfillmentOrder = z.object({
  fulfillmentOrderId: z.string(),
  status: z.string(),
  fulfillmentHolds: z.array(z.object({ reason: z.string(), reasonNotes: z.string().nullable() })),
  activationId: z.string().nullable(),
  fromLocation: ZFromLocation,
  lineItems: z.array(
    z.object({
      fulfillmentOrderLineItemsId: z.string(),
      legacyVariantId: z.string().nullable(),
      variantId: z.string().nullable(),
      title: z.string(),
      quantity: z.number().int(),
      image: z.object({ url: z.string() }).nullable(),
    }),
  ),
  products: z.record(z.string(), ZStoreProduct),
  packing: ZStorePacking,
  mutations: z.array(z.object({ type: z.string(), operation: z.string() })),
  extraOptions: ZStoreExtraOptions,
  /**
   * The configuration saved for these products ('Salveaza configuratie', issue 14) on this order's
   * lines; null (or absent) when none is saved. initialPacking starts from it.
   */
  savedPacking: z.object({ mutationId: z.number().int(), packing: ZPacking }).nullable().optional(),
  /**
   * Issue 24 item 1: the order's cash on delivery is collected by one part only. Present when the
   * order has cash on delivery and more than one part: whether this part carries it, else the
   * fulfillment order (still awaiting) or the AWB (activated) that does; `locked` when it can no
   * longer move (a part was activated with it).
   */
  codPart: z
    .object({ carries: z.boolean(), totalBani: z.number().int(), carrierFulfillmentOrderId: z.string().nullable(), carrierAwb: z.string().nullable(), locked: z.boolean() })
    .nullable()
    .optional(),
});
export type TAwaitingFulfillmentOrder = z.infer<typeof ZAwaitingFulfillmentOrder>;

/**
 * A fulfilled part of the order (spec 002 "Fulfilled order"): internalOrder is the platform's
 * shipment when it was made here, null for one fulfilled elsewhere ('Comanda nu este facuta pe platforma!').
 */
export const ZFulfilledOrder = z.object({
  name: z.string(),
  lineItems: z.array(z.object({ title: z.string(), quantity: z.number().int(), image: z.object({ url: z.string() }).nullable() })),
  internalOrder: z
    .object({
      uniqueId: z.string(),
      awb: z.object({ main: z.string().nullable(), structure: z.object({ parcels: z.array(z.string()) }) }),
      status: z.object({ text: z.string(), color: z.string(), dateTime: z.string().nullable(), reason: z.string().nullable() }),
      addresses: z.object({ from: z.object({ contactName: z.string(), addressCity: z.string() }), to: z.object({ contactName: z.string(), addressCity: z.string() }) }),
      /** groupId is the specification's courier group number (0: the platform names couriers by courierId). */
      forwarder: z.object({ groupId: z.number().int(), courierId: z.string().nullable().optional(), name: z.string(), serviceName: z.object({ firstPart: z.string() }) }),
      /** The label formats the courier group prints, the user's own first when it supports it. */
      labelFormats: z.array(z.string()),
      dateTime: z.string(),
    })
    .nullable(),
  /** For an order fulfilled elsewhere: the shop's fulfilment status and date. */
  status: z.string().nullable(),
  /** True while the shop's fulfillment of a shipment made here is still to be made (the job retries it). */
  storePending: z.boolean().optional(),
  /** Issue 24: the shop refused the fulfillment for good (the job stopped); the page offers cancelling the AWB or retrying. */
  storeRefusal: ZStoreRefusal.nullable().optional(),
  dateTime: z.string().nullable(),
});
export type TFulfilledOrder = z.infer<typeof ZFulfilledOrder>;

/** GET user/integration/shopify/order/{clientId}/{id} (spec 002 section 7): the order page's data. */
export const ZStoreOrderDetail = z.object({
  shopifyGraphQLId: z.string(),
  orderDisplayName: z.string(),
  createdAt: z.string(),
  customer: z.object({ displayName: z.string() }).nullable(),
  price: z.object({ totalBani: z.number().int(), currency: z.string() }),
  payment: z.object({ hasCashOnDelivery: z.boolean(), status: z.string().nullable() }),
  note: z.string().nullable(),
  cancelled: z.boolean(),
  shippingTo: ZShippingTo,
  shippingLine: z.object({ activationId: z.string().nullable() }),
  shippingLocations: z.object({
    usedLocationIds: z.array(z.string()),
    betterLocations: z.array(z.object({ locationId: z.string(), newLocationsCount: z.number().int(), canFulfillAllOrders: z.boolean(), name: z.string() })),
  }),
  locationsForMove: z.record(z.string(), z.object({ name: z.string() })),
  shippingOrders: z.object({ awaitingFulfillment: z.array(ZAwaitingFulfillmentOrder), fulfilled: z.array(ZFulfilledOrder) }),
});
export type TStoreOrderDetail = z.infer<typeof ZStoreOrderDetail>;
export const ZStoreOrderResponse = z.object({ success: z.literal(true), order: ZStoreOrderDetail });
export type TStoreOrderResponse = z.infer<typeof ZStoreOrderResponse>;

/** The route's ids: a store account and Shopify's global id, which the page sends URL-encoded twice (spec 002 section 7). */
export const storeOrderPath = (clientId: number, orderId: string) => `user/integration/shopify/order/${clientId}/${encodeURIComponent(encodeURIComponent(orderId))}`;
/** The order page's own address: /profile/shopify/order/{encoded id}?clientId= (spec 002 section 2.1 names /shopify/order/{id} under the profile). */
export const storeOrderPagePath = (clientId: number, orderId: string) => `/profile/shopify/order/${encodeURIComponent(orderId)}?clientId=${clientId}`;
