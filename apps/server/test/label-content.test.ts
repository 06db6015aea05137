import { randomUUID } from 'node:crypto';
import { AWB_FORMATS, messages, type TShipmentDraft } from '@colete/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, shipments } from '../src/db/schema.js';
import { SIM_COURIERS } from '../src/integrations/couriers/simulator-catalogue.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { pdfBarcodes, pdfText } from './support/pdf-tools.js';
import { RECIPIENT, SENDER } from './support/parties.js';

/**
 * The label PDFs say what the courier needs: for every courier of the simulator and each format,
 * one page per parcel whose Code 128 barcode decodes to the parcel's code, and whose text carries
 * the AWB, the recipient, the cash-on-delivery amount and "Colet n/N". Expectations come from the
 * shipment (its AWB and parcels as the API and the database keep them), never from the PDF.
 */

let ctx: TestContext;
let client: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  client = await createUser(ctx);
  await ctx.database.db
    .insert(ledgerEntries)
    .values({ userId: client.id, kind: 'topup', amountBani: 1_000_000, description: 'Reincarcare test', reference: randomUUID() });
});
afterAll(async () => ctx?.close());

const sender = SENDER;
const recipient = RECIPIENT;
const parcel = (weight: number): TShipmentDraft['packages'][number] => ({ type: 'parcel', weight, length: 30, width: 20, height: 15 });

/** Money as the platform shows it to people (the web app's `lei`): '1.250,75 lei'. */
const lei = (value: string) => `${Number(value).toLocaleString('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} lei`;

/**
 * The documented parcel code (simulator-catalogue.ts, parcelBarcode): the AWB followed by the
 * parcel's number on three digits.
 */
const parcelCode = (awb: string, n: number) => `${awb}${String(n).padStart(3, '0')}`;

type Sent = { uniqueId: string; awb: string; courierId: string; parcelCount: number; cod: string; labelFormats: string[] };

/** A shipment activated through the API with the courier's standard service. */
async function send(courierId: string, parcels: number, cod: number): Promise<Sent> {
  const draft: TShipmentDraft = {
    sender,
    recipient,
    packages: Array.from({ length: parcels }, (_, i) => parcel(1 + i)),
    content: 'Piese auto',
    clientReference: `ETI-${courierId}`,
    options: { cod: { active: true, amount: cod }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false },
  };
  const offers = await as(ctx, client, { method: 'POST', url: '/api/shipments/offers', payload: draft });
  expect(offers.statusCode, offers.body).toBe(200);
  const offer = (offers.json().offers as { serviceId: string; courierId: string; type: string; errors: string[] }[]).find(
    (o) => o.courierId === courierId && o.type === 'standard' && o.errors.length === 0,
  );
  expect(offer, `a standard offer of ${courierId}`).toBeDefined();
  const res = await as(ctx, client, {
    method: 'POST',
    url: '/api/shipments',
    payload: { ...draft, serviceId: offer!.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  const s = res.json().shipment as Sent;
  // What the database keeps is what the label must show.
  const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.uniqueId, s.uniqueId));
  expect(row).toMatchObject({ awb: s.awb, courierId, parcelCount: parcels });
  expect(row!.options.codBani).toBe(Math.round(cod * 100));
  return s;
}

const label = (s: Sent, format: string) => as(ctx, client, { method: 'GET', url: `/api/order-auth/print/${s.uniqueId}/${format}` });

// Parcel counts and amounts differ per courier, so one courier's label cannot pass for another's.
const CASES = SIM_COURIERS.map((c, i) => ({ courier: c, parcels: 2 + (i % 2), cod: [150.5, 1250.75, 89.99, 4321.1][i % 4]! }));

describe('label PDFs: barcodes and text for every courier and format', () => {
  it('covers the four couriers of the simulator', () => {
    expect(CASES.map((c) => c.courier.info.id).sort()).toEqual(['colet24', 'dunarea', 'postaverde', 'rapidcarpati']);
  });

  for (const { courier, parcels, cod } of CASES) {
    it(`${courier.info.name}: ${parcels} parcels with cash on delivery, in ${courier.info.formats.join(' and ')}; other formats refused`, async () => {
      const s = await send(courier.info.id, parcels, cod);
      expect(s.cod).toBe(cod.toFixed(2));
      expect([...s.labelFormats].sort()).toEqual([...courier.info.formats].sort());
      for (const format of AWB_FORMATS) {
        const res = await label(s, format);
        if (!courier.info.formats.includes(format)) {
          // A format the courier does not print is refused, not drawn anyway.
          expect(res.statusCode, `${courier.info.id} ${format}`).toBe(400);
          expect(res.json().message).toBe(messages.shipments.labelFormatUnsupported(format, courier.info.name));
          continue;
        }
        expect(res.statusCode, res.body).toBe(200);
        const pdf = res.rawPayload;
        const [texts, codes] = await Promise.all([pdfText(pdf), pdfBarcodes(pdf)]);
        expect(texts, `${courier.info.id} ${format}: one page per parcel`).toHaveLength(s.parcelCount);
        expect(codes).toHaveLength(s.parcelCount);
        for (let n = 1; n <= s.parcelCount; n++) {
          const where = `${courier.info.id} ${format} page ${n}`;
          expect(codes[n - 1], where).toEqual([{ symbology: 'CODE-128', value: parcelCode(s.awb, n) }]);
          const text = texts[n - 1]!;
          expect(text, where).toContain(`AWB ${s.awb}`);
          expect(text, where).toContain(recipient.contactName);
          expect(text, where).toContain(`Tel. ${recipient.contactPhone}`);
          expect(text, where).toContain(`${recipient.street}, nr. ${recipient.number}`);
          expect(text, where).toContain(`RAMBURS ${lei(s.cod)}`);
          expect(text, where).toContain(`Colet ${n}/${s.parcelCount}`);
          for (let other = 1; other <= s.parcelCount; other++) if (other !== n) expect(text, where).not.toContain(`Colet ${other}/`);
        }
      }
    });
  }
});
