import type { TMoveLocation } from '@colete/contract';
import type { ShopifyAdapter } from '../../integrations/store/index.js';
import type { ShopFulfillmentOrder } from './store-orders.js';
import { moveReason } from './store-fulfillment.js';

/*
 * The shop's locations as the order page needs them: each location's address (the sender's shop
 * address, and the nomenclature's reading of it when the client has no address of their own), where
 * an awaiting fulfillment order can move (Shopify's FulfillmentOrder.locationsForMove), and the
 * locations that would send the order from fewer places (the several-warehouses warning).
 */

export type ShopLocationDetail = {
  id: string;
  legacyResourceId: string;
  name: string;
  isActive: boolean;
  fulfillsOnlineOrders: boolean;
  address: { formatted: string[]; address1: string | null; address2: string | null; city: string | null; province: string | null; provinceCode: string | null; zip: string | null; countryCode: string | null; phone: string | null };
};

export const LOCATIONS_DETAIL_QUERY = `query OrderLocations { locations(first: 50) { nodes { id legacyResourceId name isActive fulfillsOnlineOrders
  address { formatted address1 address2 city province provinceCode zip countryCode phone } } } }`;

/** The shop's locations (at most 50: Shopify's plans allow fewer). */
export async function shopLocations(app: Pick<ShopifyAdapter, 'graphql'>, shop: string, token: string): Promise<ShopLocationDetail[]> {
  const answer = await app.graphql<{ locations: { nodes: ShopLocationDetail[] } }>(shop, token, LOCATIONS_DETAIL_QUERY);
  return answer.data.locations.nodes;
}

/** Whether Shopify lets the fulfillment order move, and where (the current location left out); Shopify's reasons in Romanian (moveReason). */
export function moveOptionsOf(fo: ShopFulfillmentOrder): { hasViableLocationsForMove: boolean; possibleLocationsForMove: TMoveLocation[] } {
  const canMove = fo.supportedActions.includes('MOVE');
  const possible = canMove ? fo.locationsForMove.filter((l) => l.id !== fo.location.id).map((l) => ({ locationId: l.id, name: l.name, message: moveReason(l.message), movable: l.movable })) : [];
  return { hasViableLocationsForMove: possible.some((l) => l.movable), possibleLocationsForMove: possible };
}

/** Every location the awaiting fulfillment orders could move to, by id with its name. */
export function locationsForMoveOf(awaiting: ShopFulfillmentOrder[]) {
  const out: Record<string, { name: string }> = {};
  for (const fo of awaiting) for (const l of fo.locationsForMove) if (l.id !== fo.location.id) out[l.id] = { name: l.name };
  return out;
}

/**
 * Locations that would send the order from fewer places: for each location, the awaiting fulfillment
 * orders already there or movable there (Shopify's locationsForMove says whether it stocks every
 * line) would go there, the others stay where they are. A location is better when the order then
 * leaves from fewer locations than now; canFulfillAllOrders when everything would leave from it.
 * Best first (fewest locations, then by name).
 */
export function betterLocationsOf(awaiting: ShopFulfillmentOrder[]) {
  const used = new Set(awaiting.map((fo) => fo.location.id).filter((id): id is string => !!id));
  if (used.size < 2) return [];
  const candidates = new Map<string, string>();
  for (const fo of awaiting) {
    if (fo.location.id) candidates.set(fo.location.id, fo.location.name);
    for (const l of fo.locationsForMove) if (l.movable) candidates.set(l.id, l.name);
  }
  const better = [...candidates].map(([locationId, name]) => {
    const goes = (fo: ShopFulfillmentOrder) => fo.location.id === locationId || (fo.supportedActions.includes('MOVE') && fo.locationsForMove.some((l) => l.id === locationId && l.movable));
    const staying = new Set(awaiting.filter((fo) => !goes(fo)).map((fo) => fo.location.id));
    return { locationId, name, newLocationsCount: 1 + staying.size, canFulfillAllOrders: staying.size === 0 };
  });
  return better.filter((b) => b.newLocationsCount < used.size).sort((a, b) => a.newLocationsCount - b.newLocationsCount || a.name.localeCompare(b.name));
}
