import type { FastifyInstance } from 'fastify';
import type { AddressSpec, AwbFormat, CourierNetwork, PackageSpec, QuoteRequest } from '../../apps/server/src/integrations/couriers/courier-network.js';
import { simulatedCourierNetwork } from '../../apps/server/src/integrations/couriers/simulator.js';
import { loadNomenclature } from '../../apps/server/src/modules/geo/geo-loader.js';
import { between, pick } from '../lib/random.js';
import type { Scenario, ScenarioContext } from '../lib/types.js';

/**
 * The courier simulator's own work, through two bench routes that call the courier network
 * directly (issue 5: offers for one shipment under 20 ms, an A6 label under 50 ms): the
 * shipments API adds its own reading and writing around these on its routes.
 */

// The routes are registered once per app; each database run (PGlite, then PostgreSQL) gets its network.
let network: CourierNetwork | undefined;
let networkDatabase: ScenarioContext['database'] | undefined;
function networkFor(ctx: ScenarioContext): CourierNetwork {
  if (!network || networkDatabase !== ctx.database) {
    network = simulatedCourierNetwork(ctx.database);
    networkDatabase = ctx.database;
  }
  return network;
}

type Place = { county_code: string; county: string; name: string; latitude: string; longitude: string };

async function places({ database }: ScenarioContext): Promise<Place[]> {
  await loadNomenclature(database);
  const res = await database.executeSql(
    `SELECT l.county_code, c.name AS county, l.name, l.latitude, l.longitude
     FROM geo_localities l JOIN geo_counties c ON c.code = l.county_code
     WHERE l.latitude IS NOT NULL AND l.location_type <> 'other' ORDER BY l.id`,
  );
  return res.rows as Place[];
}

const addressAt = (p: Place, random: () => number): AddressSpec => ({
  countyCode: p.county_code,
  county: p.county,
  city: p.name,
  postalCode: '000000',
  street: 'Strada Principala',
  number: String(between(random, 1, 120)),
  details: null,
  contactName: 'Ion Popescu',
  company: null,
  phone: '0722123456',
  email: null,
  lat: Number(p.latitude),
  lng: Number(p.longitude),
});

function packages(random: () => number): PackageSpec[] {
  if (random() < 0.15) return [{ type: 'envelope', weightGrams: between(random, 100, 900), lengthCm: 24, widthCm: 18, heightCm: 3 }];
  return Array.from({ length: between(random, 1, 3) }, () => ({
    type: 'parcel' as const,
    weightGrams: between(random, 200, 25_000),
    lengthCm: between(random, 10, 80),
    widthCm: between(random, 10, 50),
    heightCm: between(random, 3, 40),
  }));
}

function quoteRequest(all: Place[], random: () => number): QuoteRequest {
  return {
    from: addressAt(pick(random, all), random),
    to: addressAt(pick(random, all), random),
    packages: packages(random),
    codBani: random() < 0.5 ? between(random, 1000, 300_000) : null,
    insuranceBani: random() < 0.2 ? between(random, 1000, 500_000) : null,
    openAtDelivery: random() < 0.2,
    saturdayDelivery: random() < 0.2,
    // Some on Fridays, for the Saturday offers.
    at: new Date(Date.UTC(2024, 5, between(random, 3, 7), between(random, 5, 16), between(random, 0, 59))),
  };
}

const reviveQuote = (body: QuoteRequest & { at: string }): QuoteRequest => ({ ...body, at: new Date(body.at) });

export const courierScenarios: Scenario[] = [
  {
    name: 'courier-offers',
    description: 'courier offers (simulator quote): POST /bench/courier-offers, one shipment, every courier and service, lockers near the recipient',
    targetP95Ms: 20,
    routes: (app: FastifyInstance) => {
      app.post('/bench/courier-offers', async (req) => {
        const offers = await network!.quote(reviveQuote(req.body as QuoteRequest & { at: string }));
        return { success: true, offers };
      });
    },
    prepare: async (ctx) => {
      networkFor(ctx);
      const all = await places(ctx);
      const requests = Array.from({ length: 300 }, () => ({
        method: 'POST' as const,
        path: '/bench/courier-offers',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(quoteRequest(all, ctx.random)),
      }));
      return { requests };
    },
  },
  {
    name: 'courier-label',
    description: 'A6 label PDF: GET /bench/courier-label/:awb/A6, one page per parcel (1 to 3) with Code 128 barcodes',
    targetP95Ms: 50,
    routes: (app: FastifyInstance) => {
      app.get('/bench/courier-label/:awb/:format', async (req, reply) => {
        const { awb, format } = req.params as { awb: string; format: AwbFormat };
        const pdf = await network!.label(awb, format);
        return reply.type('application/pdf').send(Buffer.from(pdf));
      });
    },
    prepare: async (ctx) => {
      const net = networkFor(ctx);
      const all = await places(ctx);
      const awbs: string[] = [];
      // Couriers that print A6, home delivery, requests within every limit.
      const services = ['rapidcarpati:standard', 'colet24:standard', 'postaverde:standard'];
      for (let i = 0; i < 60; i++) {
        const req = quoteRequest(all, ctx.random);
        const parcels = req.packages
          .filter((p) => p.type === 'parcel')
          .slice(0, 3)
          .map((p) => ({ ...p, weightGrams: Math.min(p.weightGrams, 20_000) }));
        const created = await net.createAwb({
          ...req,
          packages: parcels.length > 0 ? parcels : [{ type: 'parcel', weightGrams: 1500, lengthCm: 30, widthCm: 20, heightCm: 10 }],
          codBani: req.codBani === null ? null : Math.min(req.codBani, 400_000),
          insuranceBani: null,
          openAtDelivery: false,
          saturdayDelivery: false,
          serviceId: services[i % services.length]!,
          pointId: null,
          reference: `bench-label-${i}-${Math.floor(ctx.random() * 1e9)}`,
          content: 'Articole de uz casnic',
          clientReference: `CMD-${1000 + i}`,
        });
        awbs.push(created.awb);
      }
      return { requests: awbs.map((awb) => `/bench/courier-label/${awb}/A6`) };
    },
  },
];
