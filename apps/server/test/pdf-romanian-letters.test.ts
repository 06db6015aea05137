import { randomUUID } from 'node:crypto';
import type { TShipmentDraft } from '@colete/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEntities, ledgerEntries } from '../src/db/schema.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { issueInvoice } from '../src/modules/invoicing/invoicing-service.js';
import { mergeLabels } from '../src/modules/store/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { pdfBarcodes, pdfText, readInvoicePdf } from './support/pdf-tools.js';
import { SENDER } from './support/parties.js';

/**
 * Every PDF the server draws prints Romanian letters as they are written (ă â î ș ț and their
 * capitals): the courier labels in A6 and A4, the merged labels of a bulk run, invoices and credit
 * notes. Read back with pdftotext, letter for letter; the labels' barcodes still decode.
 */

let ctx: TestContext;
let client: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  await loadNomenclature(ctx.database);
  client = await createUser(ctx);
  await ctx.database.db
    .insert(ledgerEntries)
    .values({ userId: client.id, kind: 'topup', amountBani: 1_000_000, description: 'Reîncărcare test', reference: randomUUID() });
}, 120_000);
afterAll(async () => ctx?.close());

const WORDS = ['Târgu Mureș', 'Ștefan', 'Țăndărei', 'ÎNCĂLȚĂMINTE', 'Țuică și brânză', 'Dorobanților'];
/** pdftotext's text with its line breaks as spaces, so a wrapped line still reads as written. */
const flat = (t: string) => t.replace(/\s+/g, ' ');

const RECIPIENT: Exclude<TShipmentDraft['recipient'], { addressId: number }> = {
  contactName: 'Ștefan Țăndărei',
  contactPhone: '+40733000002',
  countyCode: 'MS',
  city: 'Târgu Mureș',
  postalCode: '540146',
  street: 'Strada Dorobanților',
  number: '60',
};

async function activated(courierId: string) {
  const draft: TShipmentDraft = {
    sender: SENDER,
    recipient: RECIPIENT,
    packages: [{ type: 'parcel', weight: 1, length: 30, width: 20, height: 15 }, { type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }],
    content: 'Țuică și brânză, ÎNCĂLȚĂMINTE',
    clientReference: null,
    options: { cod: { active: true, amount: 687 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false },
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
  return res.json().shipment as { uniqueId: string; awb: string };
}

const labelOf = async (uniqueId: string, format: 'A4' | 'A6') => {
  const res = await as(ctx, client, { method: 'GET', url: `/api/order-auth/print/${uniqueId}/${format}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

describe('PDFs print Romanian letters', () => {
  it('the label, A6 and A4, and the merged labels of a bulk run; the barcodes still decode', async () => {
    const s = await activated('colet24');
    const labels = { A6: await labelOf(s.uniqueId, 'A6'), A4: await labelOf(s.uniqueId, 'A4') };
    const merged = { A6: await mergeLabels([labels.A6, labels.A4], 'A6'), A4: await mergeLabels([labels.A6, labels.A4], 'A4') };
    for (const [what, pdf, pages] of [
      ['A6 label', labels.A6, 2],
      ['A4 label', labels.A4, 2],
      ['merged A6 labels', merged.A6, 4],
      ['merged A4 labels', merged.A4, 1],
    ] as const) {
      const texts = await pdfText(pdf);
      expect(texts, what).toHaveLength(pages);
      for (const text of texts) {
        for (const w of WORDS) expect(flat(text), what).toContain(w);
        // Nothing folded to plain letters, nothing replaced.
        expect(text, what).not.toMatch(/Targu|Mures\b|Stefan|Tandarei|\?/);
      }
    }
    // Each label page's Code 128 still reads as the parcel's code (the AWB and the parcel's number).
    for (const pdf of [labels.A6, labels.A4]) {
      expect(await pdfBarcodes(pdf)).toEqual([1, 2].map((n) => [{ symbology: 'CODE-128', value: `${s.awb}${String(n).padStart(3, '0')}` }]));
    }
  }, 120_000);

  it('the invoice and its credit note', async () => {
    const [entity] = await ctx.database.db
      .insert(billingEntities)
      .values({
        userId: client.id,
        name: 'Ștefan Țăndărei ÎNCĂLȚĂMINTE',
        isCompany: false,
        isVatPayer: false,
        identificationCode: '1800101260011',
        fiscalIdentificationType: 2,
        countyCode: 'MS',
        county: 'Mureș',
        city: 'Târgu Mureș',
        postalCode: '540146',
        street: 'Strada Dorobanților',
        number: '60',
        isActive: true,
        verifyStatus: 'verified',
      })
      .returning();
    const deps = { seller: ctx.config.seller, platformIban: ctx.config.platformIban, series: ctx.config.invoiceSeries };
    const description = 'Expediere AWB 4210000000777 - Standard (Țăndărei - Târgu Mureș), Țuică și brânză';
    const invoice = await ctx.database.db.transaction((tx) =>
      issueInvoice(tx, deps, { userId: client.id, entity: entity!, kind: 'orders', lines: [{ description, grossBani: 2380 }] }),
    );
    const note = await ctx.database.db.transaction((tx) =>
      issueInvoice(tx, deps, {
        userId: client.id,
        entity: { id: entity!.id, buyer: invoice.buyer },
        kind: 'credit_note',
        lines: [{ description: `Stornare: ${description}`, grossBani: -2380 }],
        creditsInvoiceId: invoice.id,
      }),
    );
    for (const row of [invoice, note]) {
      const res = await as(ctx, client, { method: 'GET', url: `/api/user/invoices/${row.id}/pdf` });
      expect(res.statusCode, res.body).toBe(200);
      const pdf = await readInvoicePdf(res.rawPayload);
      const buyer = flat(pdf.buyer.join(' '));
      for (const w of ['Ștefan Țăndărei ÎNCĂLȚĂMINTE', 'Târgu Mureș', 'Strada Dorobanților', 'Judet: Mureș']) expect(buyer, row.kind).toContain(w);
      expect(flat(pdf.descriptions), row.kind).toContain(description);
      expect(pdf.pages.join(' '), row.kind).not.toMatch(/Targu|Tandarei|\?/);
    }
  }, 120_000);
});
