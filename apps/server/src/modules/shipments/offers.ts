import { messages, type TOffer, type TShipmentDraftParsed } from '@colete/contract';
import { CourierError, type Offer, type QuoteRequest } from '../../integrations/couriers/courier-network.js';
import { isFridayInBucharest } from '../../lib/dates.js';
import { AppError, badRequest, conflict, notFound, underPath } from '../../lib/errors.js';
import { baniToRon, leiToBani } from '../../lib/money.js';
import { withVatAt } from '../../lib/vat.js';
import { findAddress, partyAddressOfRow, resolvePartyAddress } from '../addresses/index.js';
import { localityCoordinates } from '../geo/index.js';
import { storedPackage, toSpec, type Recording, type Resolved, type ShipmentContext } from './shipment-context.js';

const m = messages.shipments;
type Party = TShipmentDraftParsed['sender'];
export type PricedOffer = Offer & { discountPercent: number };

/** Offers: the parties resolved, the courier's quote, the client's pick-up discounts, the chosen offer. */
export function offersStage(ctx: ShipmentContext) {
  const { db, deps } = ctx;

  async function resolveParty(userId: number, party: Party, name: 'sender' | 'recipient'): Promise<Resolved> {
    if ('addressId' in party) {
      const row = await findAddress(db, userId, party.addressId);
      if (!row) throw notFound(messages.address.notFound);
      const address = partyAddressOfRow(row);
      return { address: { ...address, addressId: row.id }, coords: await localityCoordinates(db, address.addressCountyCode, address.addressCity), saveAs: null };
    }
    const { address, coords } = await underPath(name, () => resolvePartyAddress(db, party));
    return { address: { ...address, addressId: null }, coords, saveAs: party.saveAs ?? null };
  }

  function quoteRequest(draft: TShipmentDraftParsed, sender: Resolved, recipient: Resolved, at: Date): QuoteRequest {
    const o = draft.options;
    return {
      from: toSpec(sender),
      to: toSpec(recipient),
      packages: draft.packages.map(storedPackage),
      codBani: o.cod.active ? leiToBani(o.cod.amount) : null,
      insuranceBani: o.insurance.active ? leiToBani(o.insurance.amount) : null,
      openAtDelivery: o.openAtDelivery,
      saturdayDelivery: o.saturdayDelivery,
      at,
    };
  }

  /**
   * The courier's offers with the client's pick-up point discount applied (a discount never raises
   * a price): the price without VAT is cut, and the VAT in force at `at` (the supply date) added again.
   */
  async function discounted(userId: number, senderAddressId: number | null, offers: Offer[], at: Date): Promise<PricedOffer[]> {
    const byCourier = senderAddressId && deps.pickupDiscounts ? await deps.pickupDiscounts(db, userId, senderAddressId) : new Map<string, number>();
    return offers.map((o) => {
      const d = Math.min(100, Math.max(0, byCourier.get(o.courierId) ?? 0));
      if (d === 0) return { ...o, discountPercent: 0 };
      const priceNoVatBani = Math.round((o.priceNoVatBani * (100 - d)) / 100);
      return { ...o, priceBani: withVatAt(priceNoVatBani, at), priceNoVatBani, discountPercent: d };
    });
  }

  async function quote(userId: number, draft: TShipmentDraftParsed, senderAddressId?: number | null, rec?: Recording) {
    const at = ctx.now();
    if (draft.options.saturdayDelivery && !isFridayInBucharest(at)) {
      throw badRequest(messages.common.invalidData, 'saturdayOnlyFriday', { 'options.saturdayDelivery': m.saturdayOnlyFriday });
    }
    const [sender, recipient] = await Promise.all([resolveParty(userId, draft.sender, 'sender'), resolveParty(userId, draft.recipient, 'recipient')]);
    const offers = await deps.network.quote(quoteRequest(draft, sender, recipient, at)).catch((err: unknown) => {
      if (err instanceof CourierError) throw new AppError(err.kind === 'invalid' ? 400 : 503, err.kind === 'invalid' ? err.message : m.courierUnavailable, `courier_${err.kind}`);
      throw err;
    });
    return { sender, recipient, at, offers: await discounted(userId, rec?.listPrice ? null : (senderAddressId ?? sender.address.addressId), offers, at) };
  }

  const toOffer = (o: PricedOffer): TOffer => ({
    serviceId: o.serviceId,
    courierId: o.courierId,
    courierName: o.courierName,
    courierLogo: ctx.couriers().get(o.courierId)?.logo ?? '',
    serviceName: o.serviceName,
    type: o.type,
    description: o.description,
    price: baniToRon(o.priceBani),
    priceNoVat: baniToRon(o.priceNoVatBani),
    discountPercent: o.discountPercent,
    lastOrderHour: o.lastOrderHour,
    lastPickupHour: o.lastPickupHour,
    errors: o.errors,
    points: o.points.map((p) => ({ id: p.id, name: p.name, fullAddress: p.fullAddress, distanceKm: p.distanceKm })),
  });

  /** The chosen offer, when it is still offered without errors (and its point is one of its points). */
  function chosenOffer(offers: PricedOffer[], serviceId: string, pointId: string | null | undefined) {
    const offer = offers.find((o) => o.serviceId === serviceId);
    if (!offer || offer.errors.length > 0) throw conflict(m.serviceUnavailable, 'serviceUnavailable', { serviceId: m.serviceUnavailable });
    if (offer.type === 'locker') {
      const point = offer.points.find((p) => p.id === pointId);
      if (!point) throw badRequest(m.pointRequired, 'pointRequired', { pointId: m.pointRequired });
      return { offer, point };
    }
    return { offer, point: null };
  }

  return { quote, quoteRequest, toOffer, chosenOffer };
}
export type OffersStage = ReturnType<typeof offersStage>;
