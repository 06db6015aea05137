import type { ActingClientId } from './api-client';

/**
 * Query keys of the acting client's account views that several features change: the profile (its
 * sums move with a charge or a settlement) and the prepaid balance and subscriptions. A feature may
 * not import another, so these live here; every other resource keeps its keys in its feature's
 * api/*-keys.ts. Every key starts [resource, acting client], so `keys.all(acting)` covers one
 * client's entries and a switch of client never shows another client's cache.
 */
export const profileKeys = {
  all: (acting: ActingClientId) => ['profile', acting] as const,
};

export const prepayKeys = {
  all: (acting: ActingClientId) => ['prepay', acting] as const,
  balance: (acting: ActingClientId) => [...prepayKeys.all(acting), 'balance'] as const,
  subscriptions: (acting: ActingClientId) => [...prepayKeys.all(acting), 'subscriptions'] as const,
  payment: (acting: ActingClientId, identifier: string) => [...prepayKeys.all(acting), 'payment', identifier] as const,
};

/** A shipment's tracking (the shared tracking dialog: the shipments and store features show it). */
export const shipmentTrackingKey = (acting: ActingClientId, uniqueId: string) => ['shipments', acting, 'tracking', uniqueId] as const;
