import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eFacturaRest, EFacturaError, parseAnafStamp } from '../src/integrations/e-invoicing/anaf-rest.js';
import { injectFetch } from '../src/integrations/e-invoicing/index.js';
import { SIM_PUBLIC_BASE } from '../src/integrations/e-invoicing/simulator-public.js';
import { SIM_REST_BASE, spvRoutes } from '../src/integrations/e-invoicing/simulator-rest.js';
import { anafStamp, SIM_DOWNLOADS_PER_DAY, SIM_PAGE_SIZE } from '../src/integrations/e-invoicing/simulator-spv.js';
import { readZip } from '../src/lib/zip.js';
import { createTestApp, type TestContext } from './helper.js';
import { sampleInvoice, simAccessToken } from './support/efactura.js';

/*
 * Issue 25: the e-Factura simulator speaks ANAF's REST (upload, stareMesaj, the two message lists,
 * descarcare, the public validation) with ANAF's answers, errors included, and the platform's adapter
 * (anaf-rest.ts) reads them: only what was asked for comes back, every error answered with HTTP 200
 * is an error. The adapter runs against the simulator through the server's own routes.
 */

const SELLER = '4221306';
const BUYER = '14399840';

let ctx: TestContext;
let rest: ReturnType<typeof eFacturaRest>;
beforeAll(async () => {
  ctx = await createTestApp();
  rest = eFacturaRest({ restBase: SIM_REST_BASE, fetch: injectFetch(ctx.app) });
});
afterAll(async () => ctx?.close());

const invoice = (number: string, seller = SELLER, buyer = BUYER) => sampleInvoice(number, seller, buyer);
/** Through the consent page and the token endpoint, the credentials in the form body (OAuth allows either). */
const tokenFor = (cui: string) => simAccessToken(ctx, cui, 'body');

const since = () => Date.now() - 60_000;

describe('an invoice uploaded by the seller', () => {
  it('is followed to ok, listed as sent for the seller and received for the buyer, and downloads as the same XML with its signature', async () => {
    const [seller, buyer] = [await tokenFor(SELLER), await tokenFor(BUYER)];
    const xml = invoice('SIM-0001');
    const { uploadIndex } = await rest.upload(seller, SELLER, xml, { standard: 'UBL' });
    const state = await rest.state(seller, uploadIndex);
    expect(state.state).toBe('ok');
    expect(state.downloadId).toMatch(/^\d+$/);

    const sent = await rest.listPage(seller, SELLER, since(), Date.now(), 1, 'T');
    const mine = sent.messages.find((m) => m.uploadIndex === uploadIndex)!;
    expect(mine).toMatchObject({ id: state.downloadId, cif: SELLER, type: 'FACTURA TRIMISA', details: `Factura cu id_incarcare=${uploadIndex} emisa de cif_emitent=${SELLER} pentru cif_beneficiar=${BUYER}` });
    expect(Math.abs(mine.createdAt.getTime() - Date.now())).toBeLessThan(120_000);
    const received = await rest.listPage(buyer, BUYER, since(), Date.now(), 1, 'P');
    const theirs = received.messages.find((m) => m.uploadIndex === uploadIndex)!;
    expect(theirs.type).toBe('FACTURA PRIMITA');
    expect(theirs.id).not.toBe(mine.id);
    // The seller's sent invoices are not in the buyer's list, nor the other way round.
    expect(received.messages.some((m) => m.id === mine.id)).toBe(false);
    expect((await rest.listPage(seller, SELLER, since(), Date.now(), 1, 'P')).messages.some((m) => m.uploadIndex === uploadIndex)).toBe(false);

    const got = await rest.download(buyer, theirs.id);
    expect(got.xml).toBe(xml);
    expect(got.root.name).toBe('Invoice');
    expect(got.signature).toContain('<SignatureValue>');
    const files = await readZip(got.zip);
    expect([...files.keys()].sort()).toEqual([`${theirs.id}.xml`, `semnatura_${theirs.id}.xml`].sort());
  });

  it('with a number without a digit or another seller is refused: nok, and its errors message downloads as the errors header', async () => {
    const seller = await tokenFor(SELLER);
    const { uploadIndex } = await rest.upload(seller, SELLER, invoice('FARACIFRE', '15900825'), { standard: 'UBL' });
    const state = await rest.state(seller, uploadIndex);
    expect(state.state).toBe('nok');
    const errors = (await rest.listPage(seller, SELLER, since(), Date.now(), 1, 'E')).messages.find((m) => m.uploadIndex === uploadIndex)!;
    expect(errors.type).toBe('ERORI FACTURA');
    expect(errors.id).toBe(state.downloadId);
    const got = await rest.download(seller, errors.id);
    expect(got.root).toMatchObject({ name: 'header', namespace: 'mfp:anaf:dgti:efactura:mesajEroriFactuta:v1' });
    const texts = got.root.children.map((c) => c.attributes.errorMessage);
    expect(texts.some((t) => t?.startsWith('[BR-RO-010]'))).toBe(true);
    expect(texts.some((t) => t?.includes('CIF-ul vanzatorului (15900825)'))).toBe(true);
  });
});

describe('ANAF’s errors, answered with HTTP 200, are errors to the adapter', () => {
  it('another company’s CUI, a foreign message, a bad id and an upload for another CUI are refused with ANAF’s words', async () => {
    const [seller, buyer] = [await tokenFor(SELLER), await tokenFor(BUYER)];
    await expect(rest.listPage(seller, BUYER, since(), Date.now(), 1)).rejects.toMatchObject({ kind: 'refused', message: `Nu aveti drept in SPV pentru CIF=${BUYER}` });
    const { uploadIndex } = await rest.upload(seller, SELLER, invoice('SIM-0002'), { standard: 'UBL' });
    const { downloadId } = await rest.state(seller, uploadIndex);
    await expect(rest.download(buyer, downloadId!)).rejects.toMatchObject({ kind: 'refused', message: 'Nu aveti dreptul sa descarcati acesta factura' });
    await expect(rest.download(seller, '999999999999')).rejects.toMatchObject({ kind: 'refused', message: 'Pentru id=999999999999 nu exista inregistrata nici o factura' });
    await expect(rest.state(buyer, uploadIndex)).rejects.toMatchObject({ kind: 'refused' });
    await expect(rest.upload(seller, BUYER, invoice('SIM-0003', BUYER, SELLER), { standard: 'UBL' })).rejects.toMatchObject({ kind: 'refused', message: `Nu aveti drept in SPV pentru CIF=${BUYER}` });
    // A credit note's standard with an invoice: refused at once.
    const { uploadIndex: wrong } = await rest.upload(seller, SELLER, invoice('SIM-0004'), { standard: 'CN' });
    expect((await rest.state(seller, wrong)).state).toBe('nok');
  });

  it('an empty list is no error; a page past the end and a start older than 60 days are', async () => {
    const token = await tokenFor('12345674');
    expect(await rest.listPage(token, '12345674', since(), Date.now(), 1)).toEqual({ messages: [], pages: 0, total: 0 });
    const simple = await ctx.app.inject({ method: 'GET', url: `${SIM_REST_BASE}/listaMesajeFactura?zile=5&cif=12345674`, headers: { authorization: `Bearer ${token}` } });
    expect(simple.json()).toEqual({ eroare: 'Nu exista mesaje in ultimele 5 zile', titlu: 'Lista Mesaje' });
    const seller = await tokenFor(SELLER);
    await rest.upload(seller, SELLER, invoice('SIM-0005'), { standard: 'UBL' });
    await expect(rest.listPage(seller, SELLER, since(), Date.now(), 9)).rejects.toMatchObject({ kind: 'refused', message: expect.stringMatching(/^Pagina solicitata 9 este mai mare/) });
    await expect(rest.listPage(seller, SELLER, Date.now() - 61 * 86_400_000, Date.now(), 1)).rejects.toBeInstanceOf(EFacturaError);
  });

  it('no token or a bad one is 401; a download past 10 a day answers its JSON, not a ZIP', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: `${SIM_REST_BASE}/listaMesajeFactura?zile=1&cif=${SELLER}` });
    expect(none.statusCode).toBe(401);
    await expect(rest.listPage('not-a-token', SELLER, since(), Date.now(), 1)).rejects.toMatchObject({ kind: 'unauthorised' });
    const seller = await tokenFor(SELLER);
    const { uploadIndex } = await rest.upload(seller, SELLER, invoice('SIM-0006'), { standard: 'UBL' });
    const { downloadId } = await rest.state(seller, uploadIndex);
    for (let k = 0; k < SIM_DOWNLOADS_PER_DAY; k++) await rest.download(seller, downloadId!);
    const raw = await ctx.app.inject({ method: 'GET', url: `${SIM_REST_BASE}/descarcare?id=${downloadId}`, headers: { authorization: `Bearer ${seller}` } });
    expect(raw.statusCode).toBe(200);
    expect(raw.json()).toEqual({ eroare: `S-au facut deja ${SIM_DOWNLOADS_PER_DAY} descarcari de mesaj in cursul zilei`, titlu: 'Descarcare mesaj' });
    await expect(rest.download(seller, downloadId!)).rejects.toMatchObject({ kind: 'limit' });
  });

  it('over 1,000 calls a minute the simulator answers 429', async () => {
    // The same routes with a limit of 2 a minute, on their own server over the same database (Fastify's error handler sends the 429).
    const limited = Fastify();
    await limited.register(spvRoutes({ database: ctx.database, key: ctx.config.tokenEncryptionKey, callsPerMinute: 2, limitScope: 'efactura-sim-calls-test' }));
    const token = await tokenFor(SELLER);
    const call = () => limited.inject({ method: 'GET', url: `${SIM_REST_BASE}/listaMesajeFactura?zile=1&cif=${SELLER}`, headers: { authorization: `Bearer ${token}` } });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
    await limited.close();
  });
});

describe('the paginated list', () => {
  it('pages of 500 in creation order, with ANAF’s envelope', async () => {
    const token = await tokenFor('15900825');
    const start = Date.now() - 1000;
    const db = ctx.database.db;
    // 501 messages written straight into the simulator's tables (uploading 501 invoices is slow and proves nothing more).
    await db.execute(
      sql`insert into efactura_sim_messages (id, cif, type, upload_index, details, xml, created_at)
        select nextval('efactura_sim_message_id_seq'), '15900825', 'FACTURA PRIMITA', 1000 + g, 'Factura ' || g, '<x/>', now() - (501 - g) * interval '1 millisecond' from generate_series(1, 501) g`,
    );
    const first = await ctx.app.inject({ method: 'GET', url: `${SIM_REST_BASE}/listaMesajePaginatieFactura?startTime=${start}&endTime=${Date.now()}&cif=15900825&pagina=1`, headers: { authorization: `Bearer ${token}` } });
    expect(first.json()).toMatchObject({ numar_inregistrari_in_pagina: SIM_PAGE_SIZE, numar_total_inregistrari_per_pagina: SIM_PAGE_SIZE, numar_total_inregistrari: 501, numar_total_pagini: 2, index_pagina_curenta: 1, cui: '15900825' });
    const second = await rest.listPage(token, '15900825', start, Date.now(), 2);
    expect(second.messages.map((m) => m.details)).toEqual(['Factura 501']);
    // More than a page: the simple list asks for the paginated one.
    const simple = await ctx.app.inject({ method: 'GET', url: `${SIM_REST_BASE}/listaMesajeFactura?zile=1&cif=15900825`, headers: { authorization: `Bearer ${token}` } });
    expect(simple.json().eroare).toMatch(/Folositi endpoint-ul cu paginatie/);
  });
});

describe('the public validation and the dates', () => {
  it('validare/FACT1 answers ok for a CIUS-RO invoice and nok with the rule for a broken one', async () => {
    const ok = await ctx.app.inject({ method: 'POST', url: `${SIM_PUBLIC_BASE}/validare/FACT1`, headers: { 'content-type': 'text/plain' }, payload: invoice('SIM-0007') });
    expect(ok.json()).toMatchObject({ stare: 'ok' });
    const nok = await ctx.app.inject({ method: 'POST', url: `${SIM_PUBLIC_BASE}/validare/FACT1`, headers: { 'content-type': 'text/plain' }, payload: invoice('FARA') });
    expect(nok.json().stare).toBe('nok');
    expect(nok.json().Messages[0].message).toMatch(/^\[BR-RO-010\]/);
    const doctype = await ctx.app.inject({ method: 'POST', url: `${SIM_PUBLIC_BASE}/validare/FACT1`, headers: { 'content-type': 'text/plain' }, payload: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>` });
    expect(doctype.json().stare).toBe('nok');
  });

  it('data_creare is Bucharest’s wall clock, read back to the same instant in summer and in winter', () => {
    for (const iso of ['2026-07-15T09:41:00Z', '2026-01-15T22:05:00Z', '2026-10-25T05:30:00Z', '2026-03-29T02:30:00Z']) {
      const at = new Date(iso);
      expect(parseAnafStamp(anafStamp(at)).toISOString()).toBe(at.toISOString());
    }
    expect(anafStamp(new Date('2026-07-15T09:41:00Z'))).toBe('202607151241');
    // The hour repeated when summer time ends (03:00 to 04:00 twice on 25.10.2026) reads as one of its two instants.
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(parseAnafStamp('202610250330').toISOString());
    expect(() => parseAnafStamp('2026-07-15')).toThrow(EFacturaError);
  });
});
