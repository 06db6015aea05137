import {
  STORE_MUTATION_MESSAGES,
  addressText,
  messages,
  shopifyGid,
  type TAwaitingFulfillmentOrder,
  type TFromLocation,
  type TLocationMutationRequest,
  type TLocationMutationResponse,
  type TPartyAddress,
  type TProductMutationRequest,
  type TProductMutationResponse,
} from '@colete/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { storeAccounts, storeLocationAssociations, storeProductDimensions } from '../../db/schema/store.js';
import { notFound } from '../../lib/errors.js';
import { addressesByIds, findAddress, partyAddressOfRow } from '../addresses/index.js';
import { accountOf } from './store-queries.js';

/*
 * The order page's saved mutations (issue 13): a shop location's sender from the address book and a
 * product variant's dimensions. Each is one row per store account and location / variant: saving
 * again changes that row (one INSERT ... ON CONFLICT, so parallel saves make one row). Every call
 * checks the store account, the saved row and the address-book entry belong to the acting client
 * (anything else answers 404, as a missing one).
 */

const m = STORE_MUTATION_MESSAGES;

/** `xmax = 0` on the returned row: the upsert inserted it (a replaced row carries the updating transaction's id). */
const inserted = sql<boolean>`(xmax = 0)`;

/** The client's store account, or 404 'Magazinul nu a fost gasit!'. */
async function requireAccount(db: Executor, clientUserId: number, storeAccountId: number) {
  const account = await accountOf(db, clientUserId, storeAccountId);
  if (!account) throw notFound(messages.store.notFound);
  return account;
}

/** The store accounts of one client (the deletes reach a saved row only through them). */
const accountsOf = (db: Executor, clientUserId: number) => db.select({ id: storeAccounts.id }).from(storeAccounts).where(eq(storeAccounts.userId, clientUserId));

/* ---- Sender associations ---- */

/**
 * POST location-mutation/from/{clientId}: the location's orders are sent from this address-book
 * entry. Any entry of the client's book may send (a locked one too: type 10 is the client's own
 * approved pick-up point, the courier's discount applies there); the book holds no courier shipping points.
 */
export async function saveAssociation(db: Executor, clientUserId: number, storeAccountId: number, input: TLocationMutationRequest): Promise<TLocationMutationResponse> {
  await requireAccount(db, clientUserId, storeAccountId);
  const address = await findAddress(db, clientUserId, input.internalAddressId);
  if (!address) throw notFound(messages.address.notFound);
  const locationId = shopifyGid('Location', input.shopifyLocationId);
  const now = new Date();
  const [row] = await db
    .insert(storeLocationAssociations)
    .values({ storeAccountId, locationId, addressId: address.id, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [storeLocationAssociations.storeAccountId, storeLocationAssociations.locationId], set: { addressId: address.id, updatedAt: now } })
    .returning({ id: storeLocationAssociations.id, inserted });
  const created = row!.inserted;
  return {
    success: true,
    message: created ? m.addressSaved : m.addressChanged,
    created,
    mutation: { mutationId: row!.id, shopifyLocationId: locationId, internalAddressId: address.id },
  };
}

/** DELETE location-mutation/from/{mutationId}: the location's orders go back to the default sender. */
export async function deleteAssociation(db: Executor, clientUserId: number, mutationId: number) {
  const rows = await db
    .delete(storeLocationAssociations)
    .where(and(eq(storeLocationAssociations.id, mutationId), inArray(storeLocationAssociations.storeAccountId, accountsOf(db, clientUserId))))
    .returning({ id: storeLocationAssociations.id });
  if (rows.length === 0) throw notFound(m.associationNotFound);
  return { success: true as const, message: m.associationDeleted };
}

/** A location's saved sender as the order detail shows it (its fromLocation.internalAddress with validationStrategy ASSOCIATION). */
export type LocationAssociation = {
  mutationId: number;
  locationId: string;
  addressId: number;
  shortName: string;
  address: TPartyAddress;
  fullAddress: string;
};

/**
 * The saved senders of these locations of one store account (the order detail; one query), by the
 * location id as the caller gave it (a global id or a legacy number).
 */
export async function associationsFor(db: Executor, storeAccountId: number, locationIds: readonly string[]): Promise<Map<string, LocationAssociation>> {
  const out = new Map<string, LocationAssociation>();
  if (locationIds.length === 0) return out;
  const byGid = new Map(locationIds.map((id) => [shopifyGid('Location', id), id]));
  const associations = await db
    .select({ mutationId: storeLocationAssociations.id, locationId: storeLocationAssociations.locationId, addressId: storeLocationAssociations.addressId })
    .from(storeLocationAssociations)
    .where(and(eq(storeLocationAssociations.storeAccountId, storeAccountId), inArray(storeLocationAssociations.locationId, [...byGid.keys()])));
  // Their address-book entries in one query (the addresses module's); an association without one is left out, as a join would.
  const entries = await addressesByIds(db, associations.map((a) => a.addressId));
  const rows = associations.flatMap((a) => {
    const entry = entries.get(a.addressId);
    return entry ? [{ mutationId: a.mutationId, locationId: a.locationId, entry }] : [];
  });
  for (const r of rows) {
    const address = partyAddressOfRow(r.entry);
    out.set(byGid.get(r.locationId)!, {
      mutationId: r.mutationId,
      locationId: r.locationId,
      addressId: r.entry.id,
      shortName: r.entry.shortName,
      address,
      // The address book's line, as the other senders of the detail have it.
      fullAddress: addressText(address, 'entry'),
    });
  }
  return out;
}

/* ---- Product dimensions ---- */

/** POST product-mutation/{clientId}: the variant's dimensions, kept for its later orders. */
export async function saveDimensions(db: Executor, clientUserId: number, storeAccountId: number, input: TProductMutationRequest): Promise<TProductMutationResponse> {
  await requireAccount(db, clientUserId, storeAccountId);
  const variantId = shopifyGid('ProductVariant', input.variantId);
  const { identification, dimensions } = input.product;
  const values = {
    productId: identification.id,
    sku: identification.sku || null,
    name: identification.name,
    weight: dimensions.weight,
    width: dimensions.width,
    length: dimensions.length,
    height: dimensions.height,
  };
  const now = new Date();
  const [row] = await db
    .insert(storeProductDimensions)
    .values({ storeAccountId, variantId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [storeProductDimensions.storeAccountId, storeProductDimensions.variantId], set: { ...values, updatedAt: now } })
    .returning({ id: storeProductDimensions.id, inserted });
  return {
    success: true,
    message: m.dimensionsSaved,
    created: row!.inserted,
    mutation: { mutationId: row!.id, variantId, dimensions: { weight: values.weight, width: values.width, length: values.length, height: values.height } },
  };
}

/** DELETE product-mutation/{mutationId}. */
export async function deleteDimensions(db: Executor, clientUserId: number, mutationId: number) {
  const rows = await db
    .delete(storeProductDimensions)
    .where(and(eq(storeProductDimensions.id, mutationId), inArray(storeProductDimensions.storeAccountId, accountsOf(db, clientUserId))))
    .returning({ id: storeProductDimensions.id });
  if (rows.length === 0) throw notFound(m.dimensionsNotFound);
  return { success: true as const, message: m.dimensionsDeleted };
}

/** A variant's saved dimensions as the order detail shows them (a product's productMutation). */
export type SavedDimensions = { mutationId: number; variantId: string; dimensions: { weight: number | null; width: number; length: number; height: number } };

/** The saved dimensions of these variants of one store account (the order detail; one query), by the variant id as the caller gave it. */
export async function dimensionsFor(db: Executor, storeAccountId: number, variantIds: readonly string[]): Promise<Map<string, SavedDimensions>> {
  const out = new Map<string, SavedDimensions>();
  if (variantIds.length === 0) return out;
  const byGid = new Map(variantIds.map((id) => [shopifyGid('ProductVariant', id), id]));
  const rows = await db
    .select()
    .from(storeProductDimensions)
    .where(and(eq(storeProductDimensions.storeAccountId, storeAccountId), inArray(storeProductDimensions.variantId, [...byGid.keys()])));
  for (const r of rows) {
    out.set(byGid.get(r.variantId)!, { mutationId: r.id, variantId: r.variantId, dimensions: { weight: r.weight, width: r.width, length: r.length, height: r.height } });
  }
  return out;
}

/* ---- The order detail ---- */

/**
 * The saved mutations laid over the order page's awaiting fulfillment orders (two queries for the
 * whole order): a location with a saved association sends from that address-book entry
 * (validationStrategy ASSOCIATION, with its mutationId and addressId; an entry of the book is a
 * valid address, so the sender's errors are cleared); a product with saved dimensions gets its
 * productMutation. Everything else is left as the detail built it.
 */
export async function withSavedMutations(db: Executor, storeAccountId: number, awaiting: TAwaitingFulfillmentOrder[]): Promise<TAwaitingFulfillmentOrder[]> {
  return applySavedMutations(await savedMutationsOf(db, storeAccountId, awaiting), awaiting);
}

/** The reads of withSavedMutations (the cards' locations and products: the page reads them beside its other saved rows). */
export async function savedMutationsOf(db: Executor, storeAccountId: number, awaiting: TAwaitingFulfillmentOrder[]) {
  const locationIds = [...new Set(awaiting.map((fo) => fo.fromLocation.shopifyAddress.location.id).filter(Boolean))];
  const variantIds = [...new Set(awaiting.flatMap((fo) => Object.keys(fo.products)))];
  const [associations, dimensions] = await Promise.all([associationsFor(db, storeAccountId, locationIds), dimensionsFor(db, storeAccountId, variantIds)]);
  return { associations, dimensions };
}

/** withSavedMutations over rows already read. */
export function applySavedMutations({ associations, dimensions }: Awaited<ReturnType<typeof savedMutationsOf>>, awaiting: TAwaitingFulfillmentOrder[]): TAwaitingFulfillmentOrder[] {
  return awaiting.map((fo) => {
    const locationId = fo.fromLocation.shopifyAddress.location.id;
    const saved = associations.get(locationId);
    const fromLocation: TFromLocation = saved
      ? {
          ...fo.fromLocation,
          internalAddress: {
            locationId,
            addressId: saved.addressId,
            mutationId: saved.mutationId,
            validationStrategy: 'ASSOCIATION',
            contact: { name: saved.address.contactName, phone: saved.address.contactPhone, email: saved.address.contactEmail, phone2: saved.address.contactPhone2 },
            address: saved.address,
            fullAddress: saved.fullAddress,
          },
          errors: [],
        }
      : fo.fromLocation;
    const products = Object.fromEntries(
      Object.entries(fo.products).map(([id, p]) => {
        const d = dimensions.get(id);
        return [id, d ? { ...p, productMutation: { mutationId: d.mutationId, product: { dimensions: { width: d.dimensions.width, length: d.dimensions.length, height: d.dimensions.height } } } } : p];
      }),
    );
    return { ...fo, fromLocation, products };
  });
}
