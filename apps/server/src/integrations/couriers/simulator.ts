import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { courierSimAwbs } from '../../db/schema/courier-sim.js';
import { bucharestParts, isFridayInBucharest } from '../../lib/dates.js';
import {
  CourierError,
  type AwbFormat,
  type AwbRequest,
  type AwbResult,
  type CourierInfo,
  type CourierNetwork,
  type Offer,
  type PickupPoint,
  type QuoteRequest,
} from './courier-network.js';
import { renderLabelPdf } from './label-pdf.js';
import { pickupDate } from './simulator-calendar.js';
import { parcelBarcode, SIM_COURIERS, simCourier, simService, type SimCourier, type SimService } from './simulator-catalogue.js';
import { courierPoints, locate, nearest, pointById } from './simulator-points.js';
import { describe, limitErrors, priceOf, requestErrors, zoneOf } from './simulator-pricing.js';
import { DEFAULT_MINUTES_PER_STEP, pickedUpAt, trackingAt, type Journey } from './simulator-tracking.js';

export type SimulatorOptions = {
  /** Minutes between two steps of the simulated journey (three hours by default; COURIER_SIM_SPEED). */
  minutesPerStep?: number;
  /** The simulator's clock: when AWBs are created and cancelled, and tracking's default `now`. */
  now?: () => Date;
};

/** Lockers or offices a locker offer lists, and how far they may be. */
export const POINTS_PER_OFFER = 5;
export const MAX_POINT_DISTANCE_KM = 50;
const DEFAULT_POINTS_LIMIT = 10;
const MAX_POINTS_LIMIT = 100;

/** What the simulator keeps of an AWB (the `request` column). */
type StoredAwb = Omit<AwbRequest, 'at'> & {
  at: string;
  courierName: string;
  serviceName: string;
  point: Omit<PickupPoint, 'distanceKm'> | null;
  parcels: { number: number; barcode: string }[];
  estimatedPickupDate: string;
};

/** COURIER_SIM_SPEED: minutes per step of the simulated journeys, for demos and end-to-end tests. */
export function minutesPerStepFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`COURIER_SIM_SPEED must be a positive number of minutes (got "${value}")`);
  return n;
}

const brandOf = (courier: SimCourier, service: SimService) => courier.points.find((p) => p.kind === service.pointKind);

class AlreadyExists extends Error {}

function checkDate(at: Date) {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) throw new CourierError('Data comenzii nu este valida.', 'invalid');
}

export const simulatedCourierNetwork = (database: Database, opts: SimulatorOptions = {}): CourierNetwork => {
  const { db } = database;
  const minutesPerStep = opts.minutesPerStep ?? DEFAULT_MINUTES_PER_STEP;
  const clock = opts.now ?? (() => new Date());

  /** The offer of one service, or null when the service is not offered for this request (Saturday). */
  function offerFor(
    courier: SimCourier,
    service: SimService,
    req: QuoteRequest,
    common: string[],
    /** Where to look for points; undefined when one was already chosen (createAwb). */
    recipient?: { lat: number; lng: number } | null,
  ): Offer | null {
    const zone = zoneOf(req.from, req.to);
    const errors = [...common, ...limitErrors(courier, service, req)];
    if (service.code === 'saturday') {
      if (!req.saturdayDelivery || !isFridayInBucharest(req.at)) return null;
      if (bucharestParts(req.at).time >= service.lastOrderHour)
        errors.push(`Pentru livrarea de sambata comanda trebuie plasata vineri pana la ora ${service.lastOrderHour}.`);
    }
    let points: PickupPoint[] = [];
    const brand = brandOf(courier, service);
    if (brand && recipient !== undefined) {
      points = recipient ? nearest([courierPoints(courier.info.id, brand)], recipient, POINTS_PER_OFFER, MAX_POINT_DISTANCE_KM) : [];
      if (points.length === 0) errors.push('Nu exista puncte de ridicare in apropierea destinatarului.');
    }
    const price = priceOf(courier, service, req, zone);
    return {
      courierId: courier.info.id,
      courierName: courier.info.name,
      serviceId: `${courier.info.id}:${service.code}`,
      serviceName: service.name,
      type: service.type,
      description: describe(service, zone),
      ...price,
      lastOrderHour: service.lastOrderHour,
      lastPickupHour: service.lastPickupHour,
      errors,
      points,
    };
  }

  async function storedAwb(awb: string) {
    const [row] = await db.select().from(courierSimAwbs).where(eq(courierSimAwbs.awb, awb)).limit(1);
    if (!row) throw new CourierError('AWB-ul nu a fost gasit.', 'notFound');
    return { row, stored: row.request as unknown as StoredAwb };
  }

  const resultOf = (row: typeof courierSimAwbs.$inferSelect): AwbResult => {
    const stored = row.request as unknown as StoredAwb;
    return {
      awb: row.awb,
      priceNoVatBani: row.priceNoVatBani,
      priceBani: row.priceBani,
      parcels: stored.parcels,
      estimatedPickupDate: stored.estimatedPickupDate,
    };
  };

  const journeyOf = (row: typeof courierSimAwbs.$inferSelect, stored: StoredAwb): Journey => ({
    awb: row.awb,
    createdAt: row.createdAt,
    cancelledAt: row.cancelledAt,
    fromCity: stored.from.city,
    toCity: stored.to.city,
    point: stored.point ? { name: stored.point.name, city: stored.point.city } : null,
  });

  async function existing(courierId: string, reference: string) {
    const [row] = await db
      .select()
      .from(courierSimAwbs)
      .where(and(eq(courierSimAwbs.courierId, courierId), eq(courierSimAwbs.reference, reference)))
      .limit(1);
    return row;
  }

  return {
    name: 'simulator',

    couriers: (): CourierInfo[] => SIM_COURIERS.map((c) => ({ ...c.info, formats: [...c.info.formats] })),

    async quote(req) {
      checkDate(req.at);
      const common = requestErrors(req);
      const recipient = locate(req.to);
      const offers: Offer[] = [];
      for (const courier of SIM_COURIERS) {
        for (const service of courier.services) {
          const offer = offerFor(courier, service, req, common, recipient);
          if (offer) offers.push(offer);
        }
      }
      return offers;
    },

    async createAwb(req) {
      const found = simService(req.serviceId);
      if (!found) throw new CourierError('Serviciul de curierat ales nu exista.', 'invalid');
      const { courier, service } = found;
      checkDate(req.at);
      if (!req.reference) throw new CourierError('Referinta comenzii lipseste.', 'invalid');
      const before = await existing(courier.info.id, req.reference);
      if (before) return resultOf(before);

      let point: PickupPoint | undefined;
      const brand = brandOf(courier, service);
      if (brand) {
        if (!req.pointId) throw new CourierError('Alegeti punctul de livrare.', 'invalid');
        courierPoints(courier.info.id, brand);
        point = pointById(req.pointId);
        if (!point || point.courierId !== courier.info.id || point.kind !== brand.kind)
          throw new CourierError('Punctul de livrare ales nu exista la acest serviciu.', 'invalid');
      } else if (req.pointId) {
        throw new CourierError('Serviciul ales livreaza la adresa destinatarului, fara punct de livrare.', 'invalid');
      }
      // The same checks and price as the offer (without the search for points: one is chosen).
      const offer = offerFor(courier, service, req, requestErrors(req));
      if (!offer) throw new CourierError('Livrarea sambata se poate comanda doar vinerea.', 'invalid');
      if (offer.errors.length > 0) throw new CourierError(offer.errors.join(' '), 'invalid');

      const createdAt = clock();
      const estimatedPickupDate = service.code === 'saturday' ? bucharestParts(req.at).date : pickupDate(req.at, service.lastOrderHour);
      const { distanceKm: _distance, ...pointKept } = point ?? { distanceKm: null };
      try {
        const row = await db.transaction(async (tx) => {
          const counter = await tx.execute(
            sql`INSERT INTO courier_sim_counters (courier_id, last) VALUES (${courier.info.id}, 1)
                ON CONFLICT (courier_id) DO UPDATE SET last = courier_sim_counters.last + 1 RETURNING last`,
          );
          const n = Number((counter as unknown as { rows: { last: string | number }[] }).rows[0]!.last);
          const awb = courier.awbNumber(n);
          const stored: StoredAwb = {
            ...req,
            at: req.at.toISOString(),
            courierName: courier.info.name,
            serviceName: service.name,
            point: point ? (pointKept as Omit<PickupPoint, 'distanceKm'>) : null,
            parcels: req.packages.map((_, i) => ({ number: i + 1, barcode: parcelBarcode(awb, i + 1) })),
            estimatedPickupDate,
          };
          const [inserted] = await tx
            .insert(courierSimAwbs)
            .values({
              awb,
              courierId: courier.info.id,
              serviceId: req.serviceId,
              reference: req.reference,
              request: stored as unknown as Record<string, unknown>,
              priceBani: offer.priceBani,
              priceNoVatBani: offer.priceNoVatBani,
              createdAt,
            })
            .onConflictDoNothing({ target: [courierSimAwbs.courierId, courierSimAwbs.reference] })
            .returning();
          // Another request with this reference won: give its number back by rolling back.
          if (!inserted) throw new AlreadyExists();
          return inserted;
        });
        return resultOf(row);
      } catch (e) {
        if (!(e instanceof AlreadyExists)) throw e;
        const winner = await existing(courier.info.id, req.reference);
        if (!winner) throw new CourierError('Serviciul de curierat nu este disponibil momentan.', 'unavailable');
        return resultOf(winner);
      }
    },

    async label(awb: string, format: AwbFormat) {
      const { row, stored } = await storedAwb(awb);
      const courier = simCourier(row.courierId);
      if (!courier) throw new CourierError('AWB-ul nu a fost gasit.', 'notFound');
      if (!courier.info.formats.includes(format))
        throw new CourierError(`Formatul ${format} nu este disponibil la ${courier.info.name}.`, 'invalid');
      if (row.cancelledAt) throw new CourierError('AWB-ul a fost anulat.', 'invalid');
      return renderLabelPdf(
        {
          awb: row.awb,
          courierName: stored.courierName,
          serviceName: stored.serviceName,
          from: stored.from,
          to: stored.to,
          point: stored.point,
          parcels: stored.parcels.map((p, i) => ({ ...p, weightGrams: stored.packages[i]?.weightGrams ?? 0 })),
          codBani: stored.codBani,
          insuranceBani: stored.insuranceBani,
          openAtDelivery: stored.openAtDelivery,
          saturdayDelivery: row.serviceId.endsWith(':saturday'),
          reference: stored.reference,
          clientReference: stored.clientReference,
          content: stored.content,
          createdAt: row.createdAt,
          estimatedPickupDate: stored.estimatedPickupDate,
        },
        format,
      );
    },

    async track(awb, now) {
      const { row, stored } = await storedAwb(awb);
      return trackingAt(journeyOf(row, stored), minutesPerStep, now ?? clock());
    },

    async cancel(awb) {
      const { row } = await storedAwb(awb);
      if (row.cancelledAt) return;
      const now = clock();
      if (pickedUpAt(row, minutesPerStep) <= now)
        throw new CourierError('AWB-ul nu mai poate fi anulat: coletul a fost deja ridicat de curier.', 'invalid');
      await db
        .update(courierSimAwbs)
        .set({ cancelledAt: now })
        .where(and(eq(courierSimAwbs.awb, awb), sql`${courierSimAwbs.cancelledAt} IS NULL`));
    },

    async points(near, pointOpts = {}) {
      if (!Number.isFinite(near.lat) || !Number.isFinite(near.lng) || Math.abs(near.lat) > 90 || Math.abs(near.lng) > 180)
        throw new CourierError('Coordonatele nu sunt valide.', 'invalid');
      const limit = Math.min(MAX_POINTS_LIMIT, Math.max(1, Math.floor(pointOpts.limit ?? DEFAULT_POINTS_LIMIT)));
      const couriers = SIM_COURIERS.filter((c) => !pointOpts.courierId || c.info.id === pointOpts.courierId);
      const indexes = couriers.flatMap((c) => c.points.map((brand) => courierPoints(c.info.id, brand)));
      return nearest(indexes, near, limit);
    },
  };
};
