import { randomBytes } from 'node:crypto';
import {
  messages,
  normalisePhone,
  normalizeText,
  pageOffset,
  type ShipmentStatus,
  type TOffer,
  type TShipmentDetail,
  type TShipmentDraftParsed,
  type TShipmentSummary,
  ZShipmentCreateRequest,
  ZShipmentListQuery,
} from '@colete/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { billableCharges, ledgerEntries, userSettings, users, type ShipmentAddress, type ShipmentPackage, type ShipmentPoint } from '../../db/schema.js';
import {
  CourierError,
  type AddressSpec,
  type AwbFormat,
  type CourierNetwork,
  type Offer,
  type PickupPoint,
  type QuoteRequest,
  type TrackingEvent,
} from '../../integrations/couriers/courier-network.js';
import { AppError, badRequest, conflict, notFound, underPath } from '../../lib/errors.js';
import { baniToRon, leiToBani } from '../../lib/money.js';
import { bucharestDayStart, isFridayInBucharest, nextDay } from '../../lib/dates.js';
import type { UserRow } from '../../types.js';
import { resolveAddress } from '../addresses/address-validation.js';
import { findAddress, insertAddress } from '../addresses/addresses-queries.js';
import { addressRowValues } from '../addresses/addresses-service.js';
import { lockUser } from '../billing/billing-queries.js';
import { activeEntity } from '../invoicing/invoicing-queries.js';
import { invoicingSettings, issueInvoice, type InvoicingDeps } from '../invoicing/invoicing-service.js';
import { notifyByUserSettings, notifyPickupBySms } from '../mail/mail-service.js';
import { DEFAULT_AWB_FORMAT } from '../settings/settings-service.js';
import { balanceBani } from '../prepay/prepay-queries.js';
import { STATUS_RANK, STATUS_VIEW } from './shipment-status.js';
import {
  addEvents,
  findByRequestKey,
  findShipment,
  insertShipment,
  listShipments,
  localityCoordinates,
  openShipments,
  shipmentHistory,
  stuckActivations,
  updateShipment,
  type ShipmentRow,
} from './shipments-queries.js';

const m = messages.shipments;
type CreateRequest = z.output<typeof ZShipmentCreateRequest>;
type Party = TShipmentDraftParsed['sender'];
type Resolved = { address: ShipmentAddress; coords: { lat: number; lng: number } | null; saveAs: string | null };

export type ShipmentsDeps = {
  database: Database;
  network: CourierNetwork;
  invoicing: InvoicingDeps;
  /** The pick-up point discounts, percent by courier, on shipments sent from an address. */
  pickupDiscounts?: (db: Executor, userId: number, addressId: number) => Promise<Map<string, number>>;
  /** Records that an approved pick-up point was used (unused points are deactivated). */
  pickupUsed?: (db: Executor, userId: number, addressId: number, courierId: string) => Promise<void>;
  now?: () => Date;
  /** How long a second request waits for an activation in progress before answering. */
  activationWaitMs?: number;
  /** false: no notification mails (the demo seed's history). */
  notify?: boolean;
};

/** A shipment's public id (also used for the returns made on a template's public page). */
export const newUniqueId = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
};

/** Packages as stored (grams, centimetres) and as the page sends them (kilograms). */
const storedPackage = (p: TShipmentDraftParsed['packages'][number]): ShipmentPackage => ({
  type: p.type,
  weightGrams: Math.round(p.weight * 1000),
  lengthCm: p.length,
  widthCm: p.width,
  heightCm: p.height,
});
const formPackage = (p: ShipmentPackage) => ({ type: p.type, weight: p.weightGrams / 1000, length: p.lengthCm, width: p.widthCm, height: p.heightCm });
const pointOf = (p: PickupPoint): ShipmentPoint => ({ id: p.id, name: p.name, fullAddress: p.fullAddress, distanceKm: p.distanceKm });

const addressLine = (a: ShipmentAddress) =>
  [
    a.street && `${a.street}${a.number ? ` ${a.number}` : ''}`,
    a.block && `Bl. ${a.block}`,
    a.entrance && `Sc. ${a.entrance}`,
    a.floor && `Et. ${a.floor}`,
    a.apartment && `Ap. ${a.apartment}`,
    a.additionalInfo,
  ]
    .filter(Boolean)
    .join(', ');

const toSpec = (r: Resolved): AddressSpec => ({
  countyCode: r.address.countyCode,
  county: r.address.county,
  city: r.address.city,
  postalCode: r.address.postalCode,
  street: r.address.street,
  number: r.address.number,
  details: [r.address.block && `Bl. ${r.address.block}`, r.address.entrance && `Sc. ${r.address.entrance}`, r.address.floor && `Et. ${r.address.floor}`, r.address.apartment && `Ap. ${r.address.apartment}`, r.address.intercom && `Interfon ${r.address.intercom}`, r.address.additionalInfo].filter(Boolean).join(', ') || null,
  contactName: r.address.contactName,
  company: r.address.company,
  phone: r.address.phone,
  email: r.address.email,
  lat: r.coords?.lat ?? null,
  lng: r.coords?.lng ?? null,
});

const searchText = (row: Pick<ShipmentRow, 'awb' | 'recipient' | 'clientReference' | 'uniqueId'>) =>
  normalizeText([row.awb, row.uniqueId, row.recipient.contactName, row.recipient.company, row.recipient.city, row.clientReference].filter(Boolean).join(' | '));

function statusOf(row: ShipmentRow) {
  const v = STATUS_VIEW[row.status];
  return { code: row.status, text: v.text, color: v.color, dateTime: row.statusAt.toISOString(), reason: row.statusReason };
}

export function shipmentsService(deps: ShipmentsDeps) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const couriers = () => new Map(deps.network.couriers().map((c) => [c.id, c]));

  async function resolveParty(userId: number, party: Party, name: 'sender' | 'recipient'): Promise<Resolved> {
    if ('addressId' in party) {
      const row = await findAddress(db, userId, party.addressId);
      if (!row) throw notFound(messages.address.notFound);
      const address: ShipmentAddress = {
        addressId: row.id,
        contactName: row.contactName,
        company: row.contactCompany,
        phone: row.contactPhone,
        phone2: row.contactPhone2,
        email: row.contactEmail,
        countryCode: row.countryCode,
        countyCode: row.countyCode,
        county: row.county,
        city: row.city,
        postalCode: row.postalCode,
        street: row.street,
        number: row.number,
        block: row.block,
        entrance: row.entrance,
        floor: row.floor,
        apartment: row.apartment,
        intercom: row.intercom,
        additionalInfo: row.additionalInfo,
      };
      return { address, coords: await localityCoordinates(db, row.countyCode, row.city), saveAs: null };
    }
    const resolved = await underPath(name, () => resolveAddress(db, party));
    const address: ShipmentAddress = {
      addressId: null,
      contactName: party.contactName,
      company: party.contactCompany,
      phone: normalisePhone(party.contactPhone),
      phone2: party.contactPhone2 ? normalisePhone(party.contactPhone2) : null,
      email: party.contactEmail,
      countryCode: 'RO',
      countyCode: resolved.countyCode,
      county: resolved.county,
      city: resolved.city,
      postalCode: resolved.postalCode,
      street: resolved.street,
      number: party.number,
      block: party.block,
      entrance: party.entrance,
      floor: party.floor,
      apartment: party.apartment,
      intercom: party.intercom,
      additionalInfo: party.additionalInfo,
    };
    return { address, coords: resolved.coords, saveAs: party.saveAs ?? null };
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

  /** The courier's offers with the client's pick-up point discount applied (a discount never raises a price). */
  async function discounted(userId: number, senderAddressId: number | null, offers: Offer[]) {
    const byCourier = senderAddressId && deps.pickupDiscounts ? await deps.pickupDiscounts(db, userId, senderAddressId) : new Map<string, number>();
    return offers.map((o) => {
      const d = Math.min(100, Math.max(0, byCourier.get(o.courierId) ?? 0));
      const cut = (bani: number) => Math.round((bani * (100 - d)) / 100);
      return { ...o, priceBani: cut(o.priceBani), priceNoVatBani: cut(o.priceNoVatBani), discountPercent: d };
    });
  }

  async function quote(userId: number, draft: TShipmentDraftParsed, senderAddressId?: number | null) {
    const at = now();
    if (draft.options.saturdayDelivery && !isFridayInBucharest(at)) {
      throw badRequest(messages.common.invalidData, 'saturdayOnlyFriday', { 'options.saturdayDelivery': m.saturdayOnlyFriday });
    }
    const [sender, recipient] = await Promise.all([resolveParty(userId, draft.sender, 'sender'), resolveParty(userId, draft.recipient, 'recipient')]);
    const offers = await deps.network.quote(quoteRequest(draft, sender, recipient, at)).catch((err: unknown) => {
      if (err instanceof CourierError) throw new AppError(err.kind === 'invalid' ? 400 : 503, err.kind === 'invalid' ? err.message : m.courierUnavailable, `courier_${err.kind}`);
      throw err;
    });
    return { sender, recipient, at, offers: await discounted(userId, senderAddressId ?? sender.address.addressId, offers) };
  }

  const toOffer = (o: Offer & { discountPercent: number }): TOffer => ({
    serviceId: o.serviceId,
    courierId: o.courierId,
    courierName: o.courierName,
    courierLogo: couriers().get(o.courierId)?.logo ?? '',
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
  function chosenOffer(offers: (Offer & { discountPercent: number })[], serviceId: string, pointId: string | null | undefined) {
    const offer = offers.find((o) => o.serviceId === serviceId);
    if (!offer || offer.errors.length > 0) throw conflict(m.serviceUnavailable, 'serviceUnavailable', { serviceId: m.serviceUnavailable });
    if (offer.type === 'locker') {
      const point = offer.points.find((p) => p.id === pointId);
      if (!point) throw badRequest(m.pointRequired, 'pointRequired', { pointId: m.pointRequired });
      return { offer, point };
    }
    return { offer, point: null };
  }

  async function labelFormats(userId: number, courierId: string | null): Promise<AwbFormat[]> {
    const courier = courierId ? couriers().get(courierId) : undefined;
    if (!courier) return [];
    const [row] = await db.select({ awbFormat: userSettings.awbFormat }).from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    const wanted = (row?.awbFormat ?? DEFAULT_AWB_FORMAT) as AwbFormat;
    // The user's format when the courier prints it, otherwise the courier's first (spec 002 section 9).
    return courier.formats.includes(wanted) ? [wanted, ...courier.formats.filter((f) => f !== wanted)] : courier.formats;
  }

  function summary(row: ShipmentRow): TShipmentSummary {
    return {
      uniqueId: row.uniqueId,
      kind: row.kind,
      status: statusOf(row),
      createdAt: row.createdAt.toISOString(),
      awb: row.awb,
      courierId: row.courierId,
      courierName: row.courierId ? (couriers().get(row.courierId)?.name ?? row.courierId) : null,
      courierLogo: row.courierId ? (couriers().get(row.courierId)?.logo ?? null) : null,
      serviceName: row.serviceName,
      recipient: { contactName: row.recipient.contactName, city: row.recipient.city, county: row.recipient.county },
      sender: { contactName: row.sender.contactName, city: row.sender.city },
      clientReference: row.clientReference,
      price: row.priceBani === null ? null : baniToRon(row.priceBani),
      cod: row.options.codBani === null ? null : baniToRon(row.options.codBani),
      parcelCount: row.parcelCount,
    };
  }

  async function detail(row: ShipmentRow): Promise<TShipmentDetail> {
    const [history, formats] = await Promise.all([shipmentHistory(db, row.id), labelFormats(row.userId, row.awb ? row.courierId : null)]);
    const view = (a: ShipmentAddress) => ({
      contactName: a.contactName,
      company: a.company,
      phone: a.phone,
      email: a.email,
      county: a.county,
      city: a.city,
      postalCode: a.postalCode,
      line: addressLine(a),
    });
    return {
      ...summary(row),
      senderAddress: view(row.sender),
      recipientAddress: view(row.recipient),
      packages: row.packages.map(formPackage),
      content: row.content,
      options: {
        cod: row.options.codBani === null ? null : baniToRon(row.options.codBani),
        insurance: row.options.insuranceBani === null ? null : baniToRon(row.options.insuranceBani),
        openAtDelivery: row.options.openAtDelivery,
        saturdayDelivery: row.options.saturdayDelivery,
      },
      point: row.point,
      priceNoVat: row.priceNoVatBani === null ? null : baniToRon(row.priceNoVatBani),
      estimatedPickupDate: row.estimatedPickupDate,
      paymentType: row.paymentType,
      labelFormats: formats,
      canCancel: row.status === 'created',
      canActivate: row.status === 'draft' && !!row.serviceId,
      chooseService: row.status === 'draft' && !row.serviceId,
      history: history.map((e) => ({ status: e.status, text: e.text, dateTime: e.at.toISOString(), reason: e.reason, location: e.location })),
      returnAnswers: row.returnAnswers ?? null,
    };
  }

  type ServiceChoice = { serviceId: string; pointId?: string | null };

  async function own(client: UserRow, uniqueId: string) {
    const row = await findShipment(db, client.id, uniqueId);
    if (!row) throw notFound(m.notFound);
    return row;
  }

  /**
   * Activation, in three steps so that no courier call runs inside a transaction:
   * 1. lock the draft, check and take the money (prepaid) and mark it 'activating' — one request
   *    wins, the others wait for its outcome;
   * 2. create the AWB at the courier with the shipment's uniqueId as reference (the courier answers
   *    the same AWB for the same reference, so finishing an interrupted activation is safe);
   * 3. record the AWB, the history and what is to be invoiced. A refused AWB gives the money back.
   */
  async function activate(client: UserRow, uniqueId: string, choice?: ServiceChoice): Promise<ShipmentRow> {
    let row = await own(client, uniqueId);
    if (row.status === 'activating') return waitForActivation(client, uniqueId);
    if (row.status !== 'draft') return row;
    // A draft saved without a service (a customer's return, say) gets the one chosen on its page.
    const serviceId = choice?.serviceId ?? row.serviceId;
    if (!serviceId) throw badRequest(m.serviceRequired, 'serviceRequired', { serviceId: m.serviceRequired });

    // The price of the chosen service now (the offer may have changed since the page showed it).
    const draft = draftOf(row);
    const { offers, sender, recipient, at } = await quote(client.id, draft, row.sender.addressId);
    const { offer, point } = chosenOffer(offers, serviceId, choice ? choice.pointId : row.point?.id);

    const claimed = await db.transaction(async (tx) => {
      // The shipment first, then the client (their balance): the order every writer of a
      // shipment follows, so an activation finishing (which touches the client's rows) and one
      // starting never wait for each other in a circle.
      const current = await findShipment(tx, client.id, uniqueId, { lock: true });
      if (!current || current.status !== 'draft') return null;
      await lockUser(tx, client.id);
      const [account] = await tx.select({ paymentType: users.paymentType }).from(users).where(eq(users.id, client.id));
      const paymentType = account?.paymentType ?? 'prepaid';
      if (paymentType === 'prepaid') {
        if ((await balanceBani(tx, client.id)) < offer.priceBani) throw new AppError(409, m.insufficientBalance, 'insufficientBalance');
        await tx.insert(ledgerEntries).values({
          userId: client.id,
          kind: 'charge',
          amountBani: -offer.priceBani,
          description: `Comanda ${current.uniqueId} - ${offer.courierName} ${offer.serviceName}`,
          reference: `shipment:${current.id}`,
        });
      }
      return updateShipment(tx, current.id, {
        status: 'activating',
        statusAt: now(),
        paymentType,
        courierId: offer.courierId,
        serviceId: offer.serviceId,
        serviceName: offer.serviceName,
        point: point ? pointOf(point) : null,
        priceBani: offer.priceBani,
        priceNoVatBani: offer.priceNoVatBani,
      });
    });
    if (!claimed) return waitForActivation(client, uniqueId);
    row = claimed;
    return createAwb(row, quoteRequest(draft, sender, recipient, at));
  }

  /** Step 2 and 3 of an activation (also the job's way to finish an interrupted one). */
  async function createAwb(row: ShipmentRow, request: QuoteRequest): Promise<ShipmentRow> {
    let result;
    try {
      result = await deps.network.createAwb({
        ...request,
        serviceId: row.serviceId!,
        pointId: row.point?.id ?? null,
        reference: row.uniqueId,
        content: row.content,
        clientReference: row.clientReference,
      });
    } catch (err) {
      // Nothing was created: back to a draft, and the money back where it was.
      await db.transaction(async (tx) => {
        await tx.delete(ledgerEntries).where(and(eq(ledgerEntries.kind, 'charge'), eq(ledgerEntries.reference, `shipment:${row.id}`)));
        await updateShipment(tx, row.id, { status: 'draft', statusAt: now() });
      });
      if (err instanceof CourierError && err.kind === 'invalid') throw badRequest(err.message, 'courierRefused');
      throw new AppError(503, m.courierUnavailable, 'courierUnavailable');
    }
    const at = now();
    const done = await db.transaction(async (tx) => {
      const updated = await updateShipment(tx, row.id, {
        status: 'created',
        statusAt: at,
        awb: result.awb,
        parcelCount: result.parcels.length || row.packages.length,
        estimatedPickupDate: result.estimatedPickupDate,
        activatedAt: at,
        searchText: searchText({ ...row, awb: result.awb }),
      });
      await addEvents(tx, [{ shipmentId: row.id, status: 'created', text: STATUS_VIEW.created.text, at, reason: null, location: row.sender.city }]);
      await recordCharge(tx, updated);
      if (row.sender.addressId && deps.pickupUsed) await deps.pickupUsed(tx, row.userId, row.sender.addressId, updated.courierId!);
      if (deps.notify !== false) await notifyByUserSettings(tx, row.userId, 'sendOrderConfirmationToSender', {
        subject: `Comanda ${row.uniqueId} a fost activata - AWB ${result.awb}`,
        text: [
          'Buna ziua,',
          '',
          `Comanda catre ${row.recipient.contactName} (${row.recipient.city}) a fost activata.`,
          `Curier: ${couriers().get(updated.courierId!)?.name ?? updated.courierId} - ${updated.serviceName}. AWB: ${result.awb}.`,
          `Data estimata a ridicarii: ${result.estimatedPickupDate}.`,
          '',
          'Multumim,',
          'Echipa Colete Online',
        ].join('\n'),
      });
      return updated;
    });
    return done;
  }

  /**
   * What the activation leaves to invoice: a postpaid client's shipment always; a prepaid one's
   * only when its top-ups were not invoiced as advances. With invoiceEveryOrder it is invoiced now.
   */
  async function recordCharge(tx: Executor, row: ShipmentRow) {
    const settings = await invoicingSettings(tx, row.userId);
    if (row.paymentType === 'prepaid' && settings.invoiceEveryPrepay.value) return;
    const [charge] = await tx
      .insert(billableCharges)
      .values({
        userId: row.userId,
        amountBani: row.priceBani!,
        description: `Expediere AWB ${row.awb} - ${row.serviceName} (${row.sender.city} - ${row.recipient.city})`,
        reference: `shipment:${row.id}`,
      })
      .onConflictDoNothing()
      .returning();
    if (!charge || !settings.invoiceEveryOrder.value) return;
    const entity = await activeEntity(tx, row.userId);
    if (!entity || entity.verifyStatus !== 'verified') return;
    const invoice = await issueInvoice(tx, deps.invoicing, { userId: row.userId, entity, kind: 'orders', lines: [{ description: charge.description, grossBani: charge.amountBani }] });
    await tx.update(billableCharges).set({ invoiceId: invoice.id }).where(eq(billableCharges.id, charge.id));
  }

  async function waitForActivation(client: UserRow, uniqueId: string) {
    const deadline = Date.now() + (deps.activationWaitMs ?? 15_000);
    for (;;) {
      const row = await own(client, uniqueId);
      if (row.status !== 'activating') {
        if (row.status === 'draft') throw new AppError(409, m.activateError, 'activationFailed');
        return row;
      }
      if (Date.now() > deadline) throw new AppError(409, m.activateError, 'activationPending');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The draft as the page sent it, rebuilt from the stored shipment (its parties already resolved). */
  function draftOf(row: ShipmentRow): TShipmentDraftParsed {
    const party = (a: ShipmentAddress) => ({
      contactName: a.contactName,
      contactCompany: a.company,
      contactPhone: a.phone,
      contactPhone2: a.phone2,
      contactEmail: a.email,
      countyCode: a.countyCode,
      city: a.city,
      postalCode: a.postalCode,
      street: a.street,
      number: a.number ?? '',
      block: a.block,
      entrance: a.entrance,
      intercom: a.intercom,
      floor: a.floor,
      apartment: a.apartment,
      additionalInfo: a.additionalInfo,
      saveAs: null,
    });
    return {
      sender: party(row.sender),
      recipient: party(row.recipient),
      packages: row.packages.map(formPackage),
      content: row.content,
      clientReference: row.clientReference,
      options: {
        cod: { active: row.options.codBani !== null, amount: (row.options.codBani ?? 0) / 100 },
        insurance: { active: row.options.insuranceBani !== null, amount: (row.options.insuranceBani ?? 0) / 100 },
        openAtDelivery: row.options.openAtDelivery,
        // Saturday delivery was checked when the draft was saved.
        saturdayDelivery: row.options.saturdayDelivery && isFridayInBucharest(now()),
      },
    };
  }

  /** New tracking events from the courier: the history grows, the status only moves forward. */
  async function applyTracking(row: ShipmentRow, courierEvents: TrackingEvent[]) {
    // The AWB's creation is already in the history (written at activation): only what followed.
    const events = courierEvents.filter((e) => e.status !== 'created');
    if (!events.length) return row;
    const last = events[events.length - 1]!;
    const next = last.status as ShipmentStatus;
    return db.transaction(async (tx) => {
      const added = await addEvents(
        tx,
        events.map((e) => ({ shipmentId: row.id, status: e.status, text: e.text, reason: e.reason, location: e.location, at: e.at })),
      );
      if (STATUS_RANK[next] <= STATUS_RANK[row.status] || next === row.status) return row;
      const updated = await updateShipment(tx, row.id, { status: next, statusAt: last.at, statusReason: last.reason });
      if (added.length > 0) await notifyStatus(tx, updated);
      // The recipient hears once that the parcel is on its way (spec 000 pickUpRecipientNotify), even when the job sees a later status first.
      if (STATUS_RANK[row.status] < STATUS_RANK.picked_up && events.some((e) => e.status === 'picked_up') && deps.notify !== false) {
        await notifyPickupBySms(tx, row.userId, updated.recipient, pickupSmsText(updated));
      }
      return updated;
    });
  }

  /** The pick-up SMS: plain letters (diacritics dropped, so one SMS holds 160 of them), well under 160. */
  function pickupSmsText(row: ShipmentRow) {
    const courier = row.courierId ? (couriers().get(row.courierId)?.name ?? row.courierId) : 'curier';
    const plain = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]/g, '');
    const sender = plain(row.sender.company || row.sender.contactName).slice(0, 40);
    return `Colete Online: coletul de la ${sender} a fost preluat de ${plain(courier)}, AWB ${row.awb}. Va fi livrat in ${plain(row.recipient.city)}.`;
  }

  /** Mail the settings promise on a status change: delivery alerts, and returns. */
  async function notifyStatus(tx: Executor, row: ShipmentRow) {
    const item = row.status === 'delivered' || row.status === 'out_for_delivery' ? 'sendOrderDeliveryAlerts' : row.status === 'returned' || row.status === 'refused' ? 'sendOrderReturn' : null;
    if (!item || deps.notify === false) return;
    await notifyByUserSettings(tx, row.userId, item, {
      subject: `AWB ${row.awb}: ${STATUS_VIEW[row.status].text}`,
      text: [
        'Buna ziua,',
        '',
        `Comanda catre ${row.recipient.contactName} (${row.recipient.city}), AWB ${row.awb}: ${STATUS_VIEW[row.status].text}.`,
        row.statusReason ? `Motiv: ${row.statusReason}.` : '',
        '',
        'Echipa Colete Online',
      ]
        .filter((l, i, all) => l !== '' || all[i - 1] !== '')
        .join('\n'),
    });
  }

  async function refresh(row: ShipmentRow) {
    if (!row.awb || !row.courierId || !['created', 'picked_up', 'in_transit', 'out_for_delivery'].includes(row.status)) return row;
    const events = await deps.network.track(row.awb, now());
    return applyTracking(row, events);
  }

  return {
    async offers(client: UserRow, draft: TShipmentDraftParsed) {
      const { offers } = await quote(client.id, draft);
      return offers.map(toOffer);
    },

    /** Saves the page's shipment once per request key, then activates it when asked. */
    async create(client: UserRow, req: CreateRequest) {
      const existing = await findByRequestKey(db, client.id, req.requestKey);
      let row = existing;
      if (!row) {
        if (req.activate && !req.serviceId) throw badRequest(m.serviceRequired, 'serviceRequired', { serviceId: m.serviceRequired });
        const { sender, recipient, offers } = await quote(client.id, req);
        const chosen = req.serviceId ? chosenOffer(offers, req.serviceId, req.pointId) : null;
        row = await db.transaction(async (tx) => {
          // An address typed with 'save in the address book' joins it with the shipment.
          for (const [input, party] of [[req.sender, sender], [req.recipient, recipient]] as const) {
            if ('addressId' in input || !input.saveAs) continue;
            const values = await addressRowValues(tx, { ...input, shortName: input.saveAs });
            party.address.addressId = (await insertAddress(tx, { ...values, userId: client.id })).id;
          }
          const values = {
            uniqueId: newUniqueId(),
            userId: client.id,
            sender: sender.address,
            recipient: recipient.address,
            packages: req.packages.map(storedPackage),
            content: req.content,
            clientReference: req.clientReference ?? null,
            options: {
              codBani: req.options.cod.active ? leiToBani(req.options.cod.amount) : null,
              insuranceBani: req.options.insurance.active ? leiToBani(req.options.insurance.amount) : null,
              openAtDelivery: req.options.openAtDelivery,
              saturdayDelivery: req.options.saturdayDelivery,
            },
            courierId: chosen?.offer.courierId ?? null,
            serviceId: chosen?.offer.serviceId ?? null,
            serviceName: chosen?.offer.serviceName ?? null,
            point: chosen?.point ? pointOf(chosen.point) : null,
            priceBani: chosen?.offer.priceBani ?? null,
            priceNoVatBani: chosen?.offer.priceNoVatBani ?? null,
            parcelCount: req.packages.length,
            requestKey: req.requestKey,
          };
          const inserted = await insertShipment(tx, { ...values, searchText: searchText({ ...values, awb: null }) });
          // The same key raced in from a second tab: the other request's shipment is this one.
          return inserted ?? (await findByRequestKey(tx, client.id, req.requestKey))!;
        });
      }
      if (req.activate) row = await activate(client, row.uniqueId);
      return { row: await detail(row), activated: row.status !== 'draft' };
    },

    /** Activates a saved draft, with the service chosen on its page when it was saved without one. */
    async activate(client: UserRow, uniqueId: string, choice?: ServiceChoice) {
      return detail(await activate(client, uniqueId, choice));
    },

    /** The courier offers for a saved draft (its page shows them when the draft has no service yet). */
    async draftOffers(client: UserRow, uniqueId: string) {
      const row = await own(client, uniqueId);
      if (row.status !== 'draft') throw conflict(m.notDraft, 'notDraft');
      const { offers } = await quote(client.id, draftOf(row), row.sender.addressId);
      return offers.map(toOffer);
    },

    async list(client: UserRow, q: z.output<typeof ZShipmentListQuery>) {
      const { rows, total } = await listShipments(db, client.id, {
        from: q.from ? bucharestDayStart(q.from) : undefined,
        to: q.to ? bucharestDayStart(nextDay(q.to)) : undefined,
        status: q.status,
        q: q.q ? normalizeText(q.q) : undefined,
        limit: q.limit,
        offset: pageOffset(q),
      });
      // count is the list envelope's; total, page and perPage stay for the answer's older readers.
      return { list: rows.map(summary), count: total, total, page: q.page, perPage: q.limit };
    },

    async detail(client: UserRow, uniqueId: string) {
      return detail(await own(client, uniqueId));
    },

    async tracking(client: UserRow, uniqueId: string) {
      const row = await own(client, uniqueId);
      return detail(await refresh(row).catch(() => row));
    },

    /** Cancels before the courier picked it up: the AWB is cancelled and a prepaid charge refunded. */
    async cancel(client: UserRow, uniqueId: string) {
      let row = await own(client, uniqueId);
      row = await refresh(row).catch(() => row);
      if (row.status !== 'created' || !row.awb) throw conflict(m.cannotCancel, 'cannotCancel');
      try {
        await deps.network.cancel(row.awb);
      } catch (err) {
        if (err instanceof CourierError && err.kind === 'invalid') throw conflict(m.cannotCancel, 'cannotCancel');
        throw new AppError(503, m.courierUnavailable, 'courierUnavailable');
      }
      const at = now();
      const updated = await db.transaction(async (tx) => {
        const current = await findShipment(tx, client.id, uniqueId, { lock: true });
        if (!current || current.status !== 'created') return current!;
        const done = await updateShipment(tx, current.id, { status: 'cancelled', statusAt: at, statusReason: 'Anulata de client' });
        await addEvents(tx, [{ shipmentId: current.id, status: 'cancelled', text: STATUS_VIEW.cancelled.text, reason: 'Anulata de client', location: null, at }]);
        if (current.paymentType === 'prepaid' && current.priceBani) {
          await tx
            .insert(ledgerEntries)
            .values({ userId: current.userId, kind: 'refund', amountBani: current.priceBani, description: `Anulare comanda ${current.uniqueId} - AWB ${current.awb}`, reference: `shipment:${current.id}` })
            .onConflictDoNothing();
        }
        // Not invoiced yet: nothing to invoice any more.
        await tx.delete(billableCharges).where(and(eq(billableCharges.reference, `shipment:${current.id}`), eq(billableCharges.userId, current.userId), isNull(billableCharges.invoiceId)));
        return done;
      });
      return detail(updated);
    },

    async label(client: UserRow, uniqueId: string, format: AwbFormat) {
      const row = await own(client, uniqueId);
      if (!row.awb || !row.courierId) throw notFound(m.notFound);
      const formats = await labelFormats(client.id, row.courierId);
      if (!formats.includes(format)) throw badRequest(m.labelUnavailable, 'formatUnsupported');
      const bytes = await deps.network.label(row.awb, format).catch((err: unknown) => {
        if (err instanceof CourierError && err.kind === 'notFound') throw notFound(m.notFound);
        throw new AppError(503, m.labelUnavailable, 'labelUnavailable');
      });
      const who = normalizeText(row.recipient.contactName).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'destinatar';
      return { bytes, fileName: `Eticheta-${row.awb}-${who}-${format}.pdf` };
    },

    /** The tracking job: follow open shipments; finish activations a crash interrupted. */
    async trackOpen(limit = 200) {
      const result = { checked: 0, changed: 0, finished: 0, failed: 0 };
      for (const row of await stuckActivations(db, new Date(now().getTime() - 2 * 60_000), 20)) {
        try {
          const sender = { address: row.sender, coords: null, saveAs: null };
          const recipient = { address: row.recipient, coords: null, saveAs: null };
          await createAwb(row, quoteRequest(draftOf(row), sender, recipient, now()));
          result.finished += 1;
        } catch {
          result.failed += 1;
        }
      }
      for (const row of await openShipments(db, limit, new Date(now().getTime() - 30_000))) {
        try {
          const after = await refresh(row);
          result.checked += 1;
          if (after.status !== row.status) result.changed += 1;
        } catch {
          result.failed += 1;
        }
      }
      return result;
    },
  };
}

export type ShipmentsService = ReturnType<typeof shipmentsService>;

/** Moved to lib/dates.ts; re-exported for the modules and tests that still import them from here. */
export { bucharestDayStart, isFridayInBucharest };
