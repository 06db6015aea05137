import type { TShippingTo, TStoreAddress } from '@colete/contract';
import type { AddressCorrection, AddressCorrector } from '../geo/index.js';
import type { ShopOrder } from './store-orders.js';

/*
 * The recipient of a store order (spec 001 "Shipping item"): the shop's shipping address as it came,
 * the address the nomenclature corrected it into (the form 'Adresa Colete-Online' edits), what is
 * still wrong (with suggestions) and what was corrected.
 */

export type { AddressCorrector };

const text = (s: string | null | undefined) => (s ?? '').trim();

/** The shop's address as the page shows it (read-only; null fields show '-'). */
export function storeAddressOf(order: ShopOrder): TStoreAddress {
  const a = order.shippingAddress;
  return {
    firstName: a?.firstName ?? null,
    lastName: a?.lastName ?? null,
    company: a?.company ?? null,
    phone: a?.phone ?? null,
    province: a?.province ?? null,
    provinceCode: a?.provinceCode ?? null,
    city: a?.city ?? null,
    zip: a?.zip ?? null,
    address1: a?.address1 ?? null,
    address2: a?.address2 ?? null,
    countryCode: a?.countryCodeV2 ?? null,
  };
}

/** The contact: the address's name (else its first and last name, else the customer's), phone and company; the order's e-mail. */
export function contactOf(order: ShopOrder) {
  const a = order.shippingAddress;
  const name = text(a?.name) || [text(a?.firstName), text(a?.lastName)].filter(Boolean).join(' ') || text(order.customer?.displayName);
  return {
    name,
    phone: text(a?.phone) || text(order.phone) || text(order.customer?.phone),
    email: text(order.email) || text(order.customer?.email),
    company: text(a?.company),
  };
}

const PARTS: [key: 'building' | 'entrance' | 'floor' | 'apartment' | 'intercom', pattern: RegExp][] = [
  ['building', /^(?:bl|bloc(?:ul)?)\.?\s*(.+)$/i],
  ['entrance', /^(?:sc|scara)\.?\s*(.+)$/i],
  ['floor', /^(?:et|etaj(?:ul)?)\.?\s*(.+)$/i],
  ['apartment', /^(?:ap|apart(?:ament(?:ul)?)?)\.?\s*(.+)$/i],
  ['intercom', /^(?:interfon)\.?\s*(.+)$/i],
];

/** 'Bl. M3, Sc. 1, Ap. 22' -> building M3, entrance 1, apartment 22; what is not recognised stays as additional information. */
export function splitAdditionalInfo(text: string) {
  const out = { building: '', entrance: '', intercom: '', floor: '', apartment: '', additionalInfo: '' };
  const rest: string[] = [];
  for (const piece of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const hit = PARTS.find(([key, pattern]) => !out[key] && pattern.test(piece));
    if (hit) out[hit[0]] = hit[1].exec(piece)![1]!.trim();
    else rest.push(piece);
  }
  out.additionalInfo = rest.join(', ');
  return out;
}

/** The recipient: the shop's address corrected through the nomenclature, with its errors and corrections. */
export async function recipientOf(corrector: AddressCorrector, order: ShopOrder): Promise<TShippingTo> {
  const shopifyAddress = storeAddressOf(order);
  const correction = await corrector.correct({
    province: shopifyAddress.province ?? shopifyAddress.provinceCode ?? undefined,
    city: shopifyAddress.city ?? undefined,
    zip: shopifyAddress.zip ?? undefined,
    address1: shopifyAddress.address1 ?? undefined,
    address2: shopifyAddress.address2 ?? undefined,
    countryCode: shopifyAddress.countryCode ?? undefined,
  });
  const c = correction.internalAddress;
  return {
    shopifyAddress,
    internalAddress: {
      address: {
        countryCode: (shopifyAddress.countryCode ?? 'RO').toUpperCase(),
        postalCode: c.postalCode,
        city: c.city,
        countyCode: c.countyCode,
        street: c.street,
        number: c.number,
        ...splitAdditionalInfo(c.additionalInfo),
        landmark: '',
      },
      contact: contactOf(order),
    },
    errors: correction.errors,
    info: correction.info,
  };
}

/**
 * The shop's locations are corrected on every order page (the sender of each fulfillment order):
 * the same few addresses each time. Their corrections are remembered for a while (the nomenclature
 * does not change under a running server; a reload is seen within `ttlMs`), at most `max` of them.
 * A failed correction is not remembered.
 */
export function rememberingCorrector(corrector: AddressCorrector, opts: { max?: number; ttlMs?: number; now?: () => number } = {}): AddressCorrector {
  const { max = 64, ttlMs = 10 * 60_000, now = Date.now } = opts;
  const kept = new Map<string, { at: number; answer: Promise<AddressCorrection> }>();
  return {
    correct(input) {
      const key = JSON.stringify([input.countryCode, input.province, input.city, input.zip, input.address1, input.address2]);
      const hit = kept.get(key);
      // A copy each time: a caller may change what it gets.
      if (hit && now() - hit.at < ttlMs) return hit.answer.then((a) => structuredClone(a));
      kept.delete(key);
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      const answer = corrector.correct(input);
      kept.set(key, { at: now(), answer });
      answer.catch(() => kept.get(key)?.answer === answer && kept.delete(key));
      return answer.then((a) => structuredClone(a));
    },
  };
}
