import { z } from './zod.js';
import { PACKAGE_FIELDS, PACKAGE_LIMITS } from './package.js';
import { addressMessages } from './messages/address.js';
import { commonMessages } from './messages/common.js';
import { shipmentsMessages } from './messages/shipments.js';
import { storeMessages } from './messages/store.js';

/*
 * The store order page's saved mutations (issue 13): a shop location's sender address from the
 * address book ('Salveaza asocierea si pentru comenzile viitoare', spec 002 section 7
 * location-mutation) and a product variant's dimensions ('Salveaza dimensiuni produs', spec 001
 * section 7 product-mutation). Both pre-fill later orders of the same location or variant.
 */

/** Texts only the store order page needs (the quoted ones letter for letter; see docs/decisions.md). */
export const STORE_MUTATION_MESSAGES = {
  /** Spec 002 section 8: the sender chosen for this order only. */
  addressUpdated: 'Adresa a fost actualizata cu succes!',
  /** Spec 002 section 8: an association saved for the first time. */
  addressSaved: addressMessages.saved,
  /** Spec 002 section 8: an association changed to another address. */
  addressChanged: addressMessages.updated,
  /** Ours: the association removed ('Sterge asociere adresa'). */
  associationDeleted: 'Asocierea adresei a fost stearsa!',
  /** Spec 002 section 8 (7 s): saving the association failed. */
  addressSaveError: addressMessages.saveError,
  /** Spec 002 / 001 section 8: any other failure. */
  genericError: commonMessages.genericError,
  /** Spec 001 section 8. */
  dimensionsSaved: 'Dimensiunile produsului au fost salvate cu succes!',
  dimensionsDeleted: 'Dimensiunile produsului au fost sterse!',
  /** Ours: the answers of an unknown (or another client's) saved mutation (the server's, so in the catalogue). */
  associationNotFound: storeMessages.associationNotFound,
  dimensionsNotFound: storeMessages.dimensionsNotFound,
  /** Ours (spec 001 section 5 'minimum 1'; the package's own heights start at 3 cm). */
  heightMin: storeMessages.productHeightMin,
  /** Spec 001 section 5 "Address picker". */
  pickFromList: 'Va rugam sa alegeti o adresa din lista fara a modifica valoarea acesteia!',
} as const;

/** How long the page's address messages stay (spec 002 section 8: 7 s). */
export const STORE_ADDRESS_MESSAGE_MS = 7_000;

const sm = shipmentsMessages;
const L = PACKAGE_LIMITS;
/** A product's side (spec 001 section 5 "Product dimensions"): required, at least 1 cm, at most a package's longest side. */
const side = (required: string, min: string) => z.number({ error: () => required }).min(1, { error: () => min }).max(L.maxSideCm, { error: () => sm.sideMax });
export const PRODUCT_DIMENSION_FIELDS = {
  width: side(sm.widthRequired, sm.widthMin),
  length: side(sm.lengthRequired, sm.lengthMin),
  height: side(sm.heightRequired, STORE_MUTATION_MESSAGES.heightMin),
  /** Kilograms, by the package's weight rule; null when the shop has no weight for the variant. */
  weight: PACKAGE_FIELDS.weight.nullable(),
};

const storeId = z.string().trim().min(1, commonMessages.fieldRequired).max(200, commonMessages.fieldInvalid);

/** POST user/integration/shopify/location-mutation/from/{clientId} (spec 002 section 7). */
export const ZLocationMutationRequest = z.object({
  /** The shop location: its global id ('gid://shopify/Location/1') or its legacy number. */
  shopifyLocationId: storeId,
  /** The address-book entry that sends this location's orders. */
  internalAddressId: z.number({ error: () => commonMessages.fieldRequired }).int().positive().max(2_147_483_647),
});
export type TLocationMutationRequest = z.infer<typeof ZLocationMutationRequest>;

export const ZLocationMutation = z.object({ mutationId: z.number().int(), shopifyLocationId: z.string(), internalAddressId: z.number().int() });
export type TLocationMutation = z.infer<typeof ZLocationMutation>;
/** The answer (spec: not shown): the saved association; `created` false when it replaced the location's earlier one. */
export const ZLocationMutationResponse = z.object({ success: z.literal(true), message: z.string(), created: z.boolean(), mutation: ZLocationMutation });
export type TLocationMutationResponse = z.infer<typeof ZLocationMutationResponse>;

/** POST user/integration/shopify/product-mutation/{clientId} (spec 001 section 7, "Product dimensions saved"). */
export const ZProductMutationRequest = z.object({
  /** The variant: its global id ('gid://shopify/ProductVariant/1') or its legacy number. */
  variantId: storeId,
  product: z.object({
    type: z.literal('default'),
    identification: z.object({ id: storeId.nullable(), sku: z.string().trim().max(200).nullable(), name: z.string().trim().min(1, commonMessages.fieldRequired).max(500) }),
    dimensions: z.object(PRODUCT_DIMENSION_FIELDS),
  }),
});
export type TProductMutationRequest = z.infer<typeof ZProductMutationRequest>;

export const ZProductMutation = z.object({
  mutationId: z.number().int(),
  variantId: z.string(),
  dimensions: z.object({ weight: z.number().nullable(), width: z.number(), length: z.number(), height: z.number() }),
});
export type TProductMutation = z.infer<typeof ZProductMutation>;
/** The answer (spec: not shown): the saved dimensions; `created` false when they replaced the variant's earlier ones. */
export const ZProductMutationResponse = z.object({ success: z.literal(true), message: z.string(), created: z.boolean(), mutation: ZProductMutation });
export type TProductMutationResponse = z.infer<typeof ZProductMutationResponse>;

/** The calls' paths (the web and the tests build them here). */
export const locationMutationPath = (id: number) => `user/integration/shopify/location-mutation/from/${id}`;
export const productMutationPath = (id: number) => `user/integration/shopify/product-mutation/${id}`;

/** Shopify's global id of a location or variant given either way (the saved rows keep the global id). */
export const shopifyGid = (kind: 'Location' | 'ProductVariant', id: string) => (/^\d+$/.test(id.trim()) ? `gid://shopify/${kind}/${id.trim()}` : id.trim());
