import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceSent, eInvoiceSentEvents, invoices } from '../src/db/schema.js';
import type { EFacturaRest } from '../src/integrations/e-invoicing/anaf-rest.js';
import { checkEInvoice } from '../src/integrations/e-invoicing/cius-ro-rules.js';
import { deliverLifecycleEvents } from '../src/jobs/lifecycle-events.js';
import { einvoiceSender } from '../src/modules/einvoice/einvoice-send.js';
import { invoiceDocumentById, invoicingDepsOf, issueInvoice } from '../src/modules/invoicing/index.js';
import { as, createUser, type TestContext, type TestUser } from './helper.js';
import { sendingTestApp } from './support/efactura.js';

/*
 * Issue 26: a platform invoice issued before addresses were kept in parts, to a Bucharest buyer whose
 * line names no sector, cannot be stated by the rules: it stops in error with a Romanian reason, an
 * admin says the address in parts with 'Retrimite', and it is built, checked and accepted.
 */

const PLATFORM = '45500006';
const BUYER = '14399840';
const MIN = 60_000;

let ctx: TestContext;
let rest: EFacturaRest;
let owner: TestUser;
let stranger: TestUser;

const sender = () => einvoiceSender({ database: ctx.database, rest, einvoice: ctx.app.services.einvoice, platformCui: PLATFORM, document: (_source, id) => invoiceDocumentById(ctx.database.db, id), check: checkEInvoice });
const reprocess = (user: TestUser, id: number, payload?: unknown) =>
  as(ctx, user, { method: 'POST', url: `/api/user/invoicing-system/status-details/${id}/reprocess`, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  ({ ctx, rest, owner, stranger } = await sendingTestApp(PLATFORM, BUYER));
}, 120_000);
afterAll(async () => ctx?.close());

describe('a platform invoice whose buyer address the rules cannot state', () => {
  it('stops in error with its reason; the address said in parts sends it again, accepted; bad parts are refused', async () => {
    const client = await createUser(ctx);
    const deps = { ...invoicingDepsOf(ctx.config), mail: false };
    // An older invoice: one address line, Bucharest without its sector, no postal code.
    const buyer = { name: 'Tipografia Veche SRL', identificationCode: BUYER, isCompany: true, isVatPayer: true, tradeRegister: 'J40/1/2001', address: 'Calea Victoriei 120, Bucuresti', county: 'Bucuresti', countryCode: 'RO' };
    const invoice = await ctx.database.db.transaction((tx) =>
      issueInvoice(tx, deps, { userId: client.id, entity: { id: null, buyer }, kind: 'prepay', lines: [{ description: 'Avans', grossBani: 12_100 }], at: new Date() }),
    );
    await deliverLifecycleEvents(ctx.database);
    await deliverLifecycleEvents(ctx.database);
    const [queued] = await ctx.database.db.select().from(eInvoiceSent).where(and(eq(eInvoiceSent.source, 'platform'), eq(eInvoiceSent.sourceId, invoice.id)));
    expect(queued).toBeDefined();
    const id = queued!.id;
    await sender().sendDue(new Date());
    const stopped = (await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.id, id)))[0]!;
    expect(stopped.status).toBe('error');
    expect(stopped.uploadIndex).toBeNull();

    const details = await as(ctx, owner, { method: 'GET', url: `/api/user/invoicing-system/status-details/${id}` });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().canMendBuyerAddress).toBe(true);
    expect(details.json().findings).toEqual([
      { id: 'DOCUMENT', text: 'Adresa din Bucuresti a cumparatorului Tipografia Veche SRL nu are sectorul (Calea Victoriei 120, Bucuresti): corectati adresa si retrimiteti.' },
    ]);

    // Another client's document is not found; bad parts are refused with their message, and nothing moves.
    const good = { street: 'Calea Victoriei 120', city: 'Sectorul 1', countyCode: 'B', postalCode: '010093' };
    expect((await reprocess(stranger, id, { buyerAddress: good })).statusCode).toBe(404);
    const refusals: [unknown, string][] = [
      [{ ...good, city: 'Bucuresti' }, 'In Bucuresti alegeti sectorul (Sectorul 1-6).'],
      [{ ...good, countyCode: 'ZZ', city: 'Ploiesti' }, 'Alegeti judetul din lista.'],
      [{ ...good, countyCode: 'b1' }, 'Alegeti judetul din lista.'],
      [{ ...good, postalCode: '01009' }, 'Codul postal are 6 cifre.'],
      [{ ...good, street: '  ' }, 'Strada si numarul sunt obligatorii (cel mult 150 de caractere).'],
      [{ ...good, street: 'x'.repeat(151) }, 'Strada si numarul sunt obligatorii (cel mult 150 de caractere).'],
      [{ ...good, city: 'y'.repeat(51), countyCode: 'CJ' }, 'Localitatea este obligatorie (cel mult 50 de caractere).'],
    ];
    for (const [buyerAddress, message] of refusals) {
      const res = await reprocess(owner, id, { buyerAddress });
      // A field's rule answers by the field; the county's existence is the server's own check.
      const body = res.json() as { message: string; errors?: Record<string, string> };
      expect([res.statusCode, body.errors ? Object.values(body.errors) : [body.message]], JSON.stringify(buyerAddress)).toEqual([400, [message]]);
    }
    expect((await reprocess(owner, id, { buyerAddress: good, extra: 1 })).statusCode).toBe(400);
    expect((await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.id, id)))[0]!.status).toBe('error');
    expect((await ctx.database.db.select({ buyer: invoices.buyer }).from(invoices).where(eq(invoices.id, invoice.id)))[0]!.buyer.city).toBeUndefined();

    const mended = await reprocess(owner, id, { buyerAddress: good });
    expect([mended.statusCode, mended.json().message]).toEqual([200, 'Factura a fost pusa din nou la trimis: va fi construita si verificata din nou.']);
    expect((await reprocess(owner, id, { buyerAddress: good })).statusCode).toBe(409);
    // The printed line stays as issued; the parts are what the e-invoice states.
    const kept = (await ctx.database.db.select({ buyer: invoices.buyer }).from(invoices).where(eq(invoices.id, invoice.id)))[0]!.buyer;
    expect(kept).toMatchObject({ address: 'Calea Victoriei 120, Bucuresti', street: 'Calea Victoriei 120', city: 'Sectorul 1', countyCode: 'B', postalCode: '010093' });

    const at = new Date(Date.now() + 5 * MIN);
    await sender().sendDue(at);
    await sender().sendDue(new Date(at.getTime() + 2 * MIN));
    const done = (await ctx.database.db.select().from(eInvoiceSent).where(eq(eInvoiceSent.id, id)))[0]!;
    expect(done.status).toBe('success');
    expect(done.xml).toContain('<cbc:CityName>SECTOR1</cbc:CityName>');
    expect(done.xml).toContain('<cbc:CountrySubentity>RO-B</cbc:CountrySubentity>');
    const events = await ctx.database.db.select().from(eInvoiceSentEvents).where(eq(eInvoiceSentEvents.sentId, id)).orderBy(eInvoiceSentEvents.id);
    expect(events.map((e) => [e.status, e.text])).toEqual([
      ['initial', expect.any(String)],
      ['error', 'Documentul nu respecta regulile oficiale (CIUS-RO) si nu a fost trimis.'],
      ['initial', 'Adresa cumparatorului corectata; pusa din nou la trimis.'],
      ['pending', 'Documentul a fost incarcat in e-Factura.'],
      ['success', 'e-Factura a acceptat documentul.'],
    ]);
    const after = await as(ctx, owner, { method: 'GET', url: `/api/user/invoicing-system/status-details/${id}` });
    expect(after.json().canMendBuyerAddress).toBe(false);
    // Each step as the specification's status-detail records name it: the stop before any upload is 'uploadFailed'.
    expect(after.json().list.map((d: { status: { status: string } }) => d.status.status)).toEqual(['queued', 'uploadFailed', 'queued', 'uploadSuccessful', 'downloadSuccessful']);
  }, 90_000);
});
