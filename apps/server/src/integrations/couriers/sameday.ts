import {
  CourierError,
  type AwbRequest,
  type AwbResult,
  type CourierInfo,
  type CourierNetwork,
  type Offer,
  type PickupPoint,
  type QuoteRequest,
} from './courier-network.js';
import { samedayApi, samedaySays, unavailable, validationErrors, type Form, type SamedayApiOptions } from './sameday-api.js';
import {
  MAX_PARCEL_KG,
  OPEN_PACKAGE_CODE,
  SAMEDAY_ID,
  SAMEDAY_SERVICES,
  entity,
  estimatedPickupDate,
  lei,
  lockerIdOf,
  lockerPoint,
  nearest,
  parcelFields,
  prices,
  trackingEvents,
  type SdAwbStatus,
  type SdLocker,
  type SdPickupPoint,
  type SdService,
} from './sameday-map.js';

/**
 * Sameday behind the courier interface (issue 5). Prices come from Sameday's estimate for the
 * exact order (without VAT), the sender is a third-party pick-up at the client's address from the
 * account's pick-up point, locker offers carry the nearest easyboxes.
 *
 * POST /api/awb is never repeated by this adapter: an unanswered create is reported as
 * unconfirmed, the reference travels as clientInternalReference (Sameday refuses a second AWB
 * with the same one) and the shipments table keeps the AWB once it is known.
 */
export type SamedayNetworkOptions = SamedayApiOptions & {
  /** How long services and the pick-up point are reused (default 1 hour). */
  catalogueMs?: number;
  /** How long the easybox list is reused (default 24 hours; a failed refresh keeps the old list). */
  lockersMs?: number;
  /** Easyboxes listed with a locker offer (default 5). */
  pointsPerOffer?: number;
};

export const SAMEDAY_COURIER: CourierInfo = { id: SAMEDAY_ID, name: 'Sameday', logo: '/couriers/sameday.svg', formats: ['A4', 'A6'], scheduleType: 1 };

const MSG_UNCONFIRMED = 'Sameday nu a confirmat crearea AWB-ului. Reincercati peste cateva minute: Sameday nu va crea un al doilea AWB pentru aceeasi comanda.';
const MSG_DUPLICATE = 'Sameday are deja un AWB pentru aceasta comanda, deci nu a creat altul. Verificati comanda in contul Sameday.';
const MSG_NOT_SAMEDAY = 'Serviciul ales nu este un serviciu Sameday.';
const MSG_NO_LOCKER = 'Alegeti un easybox Sameday pentru livrare.';
const MSG_NO_PRICE = 'Sameday nu a putut calcula pretul acestei comenzi.';
/** Remembered creates (reference -> AWB), so one process answers a repeated create with the same AWB. */
const REMEMBERED_CREATES = 500;

type Catalogue = { services: SdService[]; pickupPoint: number; contactPerson: number | null };

/** A value loaded at most once per `ttlMs`; a failed reload keeps serving the last good value. */
function cached<T>(ttlMs: number, now: () => Date, load: () => Promise<T>) {
  let value: { at: number; data: T } | null = null;
  let pending: Promise<T> | null = null;
  return (): Promise<T> => {
    if (value && now().getTime() - value.at < ttlMs) return Promise.resolve(value.data);
    pending ??= load()
      .then(
        (data) => {
          value = { at: now().getTime(), data };
          return data;
        },
        (err: unknown) => {
          if (value) return value.data;
          throw err;
        },
      )
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

export function samedayCourierNetwork(opts: SamedayNetworkOptions): CourierNetwork {
  const api = samedayApi(opts);
  const now = opts.now ?? (() => new Date());
  const perOffer = opts.pointsPerOffer ?? 5;
  const creates = new Map<string, Promise<AwbResult>>();

  async function allPages<T>(path: string, perPage: number, maxPages = 40): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; page <= maxPages; page++) {
      const body = (await api.json({ method: 'GET', path, query: { page, countPerPage: perPage } })) as { data?: unknown; pages?: unknown } | null;
      const data = Array.isArray(body?.data) ? (body.data as T[]) : [];
      out.push(...data);
      if (data.length === 0 || page >= Number(body?.pages ?? 1)) break;
    }
    return out;
  }

  const catalogue = cached<Catalogue>(opts.catalogueMs ?? 3_600_000, now, async () => {
    const [services, points] = await Promise.all([allPages<SdService>('/api/client/services', 100), allPages<SdPickupPoint>('/api/client/pickup-points', 100)]);
    const point = points.find((p) => p.defaultPickupPoint) ?? points[0];
    // Sameday picks up only through a pick-up point of the account, even for a third-party pick-up.
    if (!point) throw unavailable('the Sameday account has no pick-up point (add one in eAWB)');
    const contacts = point.pickupPointContactPerson ?? [];
    const contact = contacts.find((c) => c.defaultContactPerson) ?? contacts[0];
    return { services, pickupPoint: point.id, contactPerson: contact?.id ?? null };
  });

  const lockers = cached<PickupPoint[]>(opts.lockersMs ?? 86_400_000, now, async () =>
    (await allPages<SdLocker>('/api/client/lockers', 500)).map(lockerPoint).filter((p): p is PickupPoint => p !== null),
  );

  function serviceCode(serviceId: string): string {
    const [courier, code] = serviceId.split(':');
    if (courier !== SAMEDAY_ID || !code || !SAMEDAY_SERVICES[code]) throw new CourierError(MSG_NOT_SAMEDAY, 'invalid');
    return code;
  }

  /** Reasons known before asking Sameday (limits, options the service lacks). */
  function refusals(code: string, service: SdService, req: QuoteRequest): { errors: string[]; taxes: number[] } {
    const errors: string[] = [];
    const def = SAMEDAY_SERVICES[code]!;
    if (req.packages.some((p) => p.weightGrams > MAX_PARCEL_KG * 1000)) errors.push(`Sameday preia colete de cel mult ${MAX_PARCEL_KG} kg fiecare.`);
    if (def.type === 'express' && req.to.countyCode !== 'B') errors.push('Sameday 6H livreaza doar in Bucuresti.');
    if (req.saturdayDelivery) errors.push('Sameday nu ofera livrare sambata prin acest serviciu.');
    const taxes: number[] = [];
    if (req.openAtDelivery) {
      const packageType = Number(parcelFields(req.packages).packageType);
      const open = (service.serviceOptionalTaxes ?? []).find((t) => t.code === OPEN_PACKAGE_CODE && (t.packageType === undefined || t.packageType === packageType));
      if (open) taxes.push(open.id);
      else errors.push('Sameday nu ofera deschiderea coletului la livrare pentru acest serviciu.');
    }
    return { errors, taxes };
  }

  function awbForm(req: QuoteRequest, cat: Catalogue, service: SdService, taxes: number[], lockerId: number | null): Form {
    return {
      pickupPoint: cat.pickupPoint,
      contactPerson: cat.contactPerson,
      ...parcelFields(req.packages),
      service: service.id,
      awbPayment: 1,
      cashOnDelivery: lei(req.codBani ?? 0),
      insuredValue: lei(req.insuranceBani ?? 0),
      thirdPartyPickup: 1,
      thirdParty: entity(req.from),
      serviceTaxes: taxes,
      awbRecipient: entity(req.to),
      lockerLastMile: lockerId,
      currency: 'RON',
    };
  }

  async function offer(code: string, service: SdService, req: QuoteRequest, cat: Catalogue, points: PickupPoint[] | null): Promise<Offer> {
    const def = SAMEDAY_SERVICES[code]!;
    const { errors, taxes } = refusals(code, service, req);
    const locker = def.type === 'locker';
    if (locker && !points?.length) errors.push(points ? 'Nu exista easybox Sameday in apropierea destinatarului.' : 'Lista de easybox Sameday nu este disponibila momentan.');
    const base: Offer = {
      courierId: SAMEDAY_ID,
      courierName: SAMEDAY_COURIER.name,
      serviceId: `${SAMEDAY_ID}:${code}`,
      serviceName: service.name?.trim() || def.name,
      type: def.type,
      description: def.text,
      priceNoVatBani: 0,
      priceBani: 0,
      // Sameday's API publishes no order or pick-up cut-off for its services.
      lastOrderHour: null,
      lastPickupHour: null,
      errors,
      points: locker ? (points ?? []) : [],
    };
    if (errors.length) return base;
    try {
      // A locker price is asked for the nearest easybox; the one chosen later is priced the same.
      const lockerId = locker ? lockerIdOf(points![0]!.id) : null;
      const answer = (await api.json({ method: 'POST', path: '/api/awb/estimate-cost', form: awbForm(req, cat, service, taxes, lockerId) })) as {
        amount?: unknown;
        currency?: unknown;
        time?: unknown;
      } | null;
      const amount = Number(answer?.amount);
      if (answer?.amount === null || answer?.amount === undefined || !Number.isFinite(amount) || amount < 0) return { ...base, errors: [MSG_NO_PRICE] };
      if (typeof answer.currency === 'string' && answer.currency.toUpperCase() !== 'RON') return { ...base, errors: [`Sameday a calculat pretul in ${answer.currency}, nu in lei.`] };
      const hours = Number(answer.time);
      const description = Number.isFinite(hours) && hours > 0 ? `${def.text}#Termen estimat: ${hours} ore` : def.text;
      return { ...base, ...prices(amount, req.at), description };
    } catch (err) {
      if (err instanceof CourierError) return { ...base, errors: [err.message] };
      throw err;
    }
  }

  async function nearLockers(to: { lat: number | null; lng: number | null }, limit: number): Promise<PickupPoint[] | null> {
    if (to.lat === null || to.lng === null) return [];
    try {
      return nearest(await lockers(), { lat: to.lat, lng: to.lng }, limit);
    } catch (err) {
      if (err instanceof CourierError) return null;
      throw err;
    }
  }

  async function create(req: AwbRequest): Promise<AwbResult> {
    const code = serviceCode(req.serviceId);
    const cat = await catalogue();
    const service = cat.services.find((s) => s.serviceCode === code);
    if (!service) throw new CourierError('Serviciul Sameday ales nu mai este disponibil in cont.', 'invalid');
    const { errors, taxes } = refusals(code, service, req);
    if (errors.length) throw new CourierError(errors.join(' '), 'invalid');
    const lockerId = SAMEDAY_SERVICES[code]!.type === 'locker' ? lockerIdOf(req.pointId) : null;
    if (SAMEDAY_SERVICES[code]!.type === 'locker' && lockerId === null) throw new CourierError(MSG_NO_LOCKER, 'invalid');
    const form: Form = {
      ...awbForm(req, cat, service, taxes, lockerId),
      observation: req.content,
      clientObservation: req.clientReference,
      clientInternalReference: req.reference,
    };
    let answer: { awbNumber?: unknown; awbCost?: unknown; parcels?: unknown } | null;
    try {
      answer = (await api.json({ method: 'POST', path: '/api/awb', form })) as typeof answer;
    } catch (err) {
      if (err instanceof CourierError && err.kind === 'unavailable') throw unavailable(String(err.cause ?? ''), MSG_UNCONFIRMED);
      if (err instanceof CourierError && validationErrors(err.cause).some((e) => e.path[0] === 'clientInternalReference')) throw new CourierError(MSG_DUPLICATE, 'invalid');
      throw err;
    }
    if (typeof answer?.awbNumber !== 'string' || !answer.awbNumber) throw unavailable('POST /api/awb: 2xx without awbNumber', MSG_UNCONFIRMED);
    const cost = Number(answer.awbCost);
    const parcels = Array.isArray(answer.parcels) ? (answer.parcels as { position?: unknown; awbNumber?: unknown }[]) : [];
    return {
      awb: answer.awbNumber,
      ...(Number.isFinite(cost) && cost >= 0 ? prices(cost, req.at) : { priceNoVatBani: 0, priceBani: 0 }),
      parcels: parcels.map((p, i) => ({ number: Number(p.position) || i + 1, barcode: String(p.awbNumber ?? '') })),
      estimatedPickupDate: estimatedPickupDate(req.at),
    };
  }

  const awbPath = (awb: string) => encodeURIComponent(awb.trim());
  const notFound = (awb: string) => `AWB-ul ${awb} nu exista la Sameday.`;

  return {
    name: SAMEDAY_ID,
    couriers: () => [SAMEDAY_COURIER],

    async quote(req) {
      const cat = await catalogue();
      const sold = Object.keys(SAMEDAY_SERVICES).flatMap((code) => {
        const service = cat.services.find((s) => s.serviceCode === code);
        return service ? [{ code, service }] : [];
      });
      const points = sold.some((s) => SAMEDAY_SERVICES[s.code]!.type === 'locker') ? await nearLockers(req.to, perOffer) : [];
      return Promise.all(sold.map(({ code, service }) => offer(code, service, req, cat, points)));
    },

    createAwb(req) {
      const known = creates.get(req.reference);
      if (known) return known;
      const pending = create(req).catch((err: unknown) => {
        creates.delete(req.reference);
        throw err;
      });
      creates.set(req.reference, pending);
      if (creates.size > REMEMBERED_CREATES) creates.delete(creates.keys().next().value!);
      return pending;
    },

    label: (awb, format) => api.pdf({ method: 'GET', path: `/api/awb/download/${awbPath(awb)}/${format}`, notFound: notFound(awb) }),

    async track(awb) {
      const answer = (await api.json({ method: 'GET', path: `/api/client/awb/${awbPath(awb)}/status`, notFound: notFound(awb) })) as SdAwbStatus | null;
      return trackingEvents(answer ?? {});
    },

    async cancel(awb) {
      try {
        await api.json({ method: 'DELETE', path: `/api/awb/${awbPath(awb)}`, notFound: notFound(awb) });
      } catch (err) {
        // Sameday refuses to delete an AWB it has already picked up; say so in our words.
        if (err instanceof CourierError && err.kind === 'invalid') {
          const says = samedaySays(err.cause);
          throw new CourierError(`AWB-ul nu mai poate fi anulat${says ? `: ${says}` : '.'}`, 'invalid');
        }
        throw err;
      }
    },

    async points(near, pointOpts = {}) {
      if (pointOpts.courierId && pointOpts.courierId !== SAMEDAY_ID) return [];
      return nearest(await lockers(), near, pointOpts.limit ?? 10);
    },
  };
}
