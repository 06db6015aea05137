import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANAF_PUBLIC_REST, EFacturaDocumentRefused, eFacturaPublic } from '../src/integrations/e-invoicing/anaf-public.js';
import type { FetchLike } from '../src/integrations/e-invoicing/anaf-oauth.js';
import { EFacturaError } from '../src/integrations/e-invoicing/anaf-rest.js';
import { eFacturaPublicFor } from '../src/integrations/e-invoicing/index.js';
import { SIM_PUBLIC_BASE } from '../src/integrations/e-invoicing/simulator-public.js';
import { supplierXml } from '../src/integrations/e-invoicing/simulator-suppliers.js';
import { createTestApp, type TestContext } from './helper.js';
import { sampleInvoice } from './support/efactura.js';
import { pdfText } from './support/pdf-tools.js';

/*
 * Issue 25: the simulator serves ANAF's public `transformare/FACT1|FCN` (an e-invoice's XML drawn as
 * a PDF, after the official rules; `/DA` without them), answering a refused document with the
 * validation's JSON and HTTP 200 as ANAF does; the platform's adapter (anaf-public.ts) reads it
 * through the server's own routes, and against hand-written answers of ANAF's shape.
 */

const SELLER = '4221306';
const BUYER = '14399840';
/** The official sample: TOSL108 from 'The Sellercompany Incorporated', 1.659,59 lei with VAT, 659,89 lei to pay. */
const invoice = (number: string, payable?: string) => sampleInvoice(number, SELLER, BUYER, payable);
const creditNote = supplierXml({ kind: 'creditNote', sellerCui: SELLER, buyerCui: BUYER, number: 'TRR-9-STORNO', issueDate: '2026-11-03', dueDate: '2026-11-03', correcting: 'TRR-9', lines: [{ name: 'Cutii returnate', quantity: 4, unitPriceBani: 2_500, vatPercent: 21 }] });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const post = (path: string, payload: string, contentType = 'text/plain') => ctx.app.inject({ method: 'POST', url: `${SIM_PUBLIC_BASE}/${path}`, headers: { 'content-type': contentType }, payload });
const textOf = async (pdf: Uint8Array) => (await pdfText(pdf, { layout: true })).join('\n');

describe('transformare/FACT1 and transformare/FCN', () => {
  it('draw a valid invoice as a PDF that shows its number, seller and totals', async () => {
    const res = await post('transformare/FACT1', invoice('SIM-T-0001'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await textOf(new Uint8Array(res.rawPayload));
    expect(text).toContain('FACTURA');
    expect(text).toContain('Nr. SIM-T-0001');
    expect(text).toContain('The Sellercompany Incorporated');
    expect(text).toContain(`Cod TVA: RO${SELLER}`);
    expect(text).toMatch(/Total cu TVA\s+1\.659,59 lei/);
    expect(text).toMatch(/Total de plata\s+659,89 lei/);
    expect(text).toContain('transformare/FACT1');
  }, 120_000);

  it('draw a credit note at FCN, and refuse it at FACT1 (the document the kind names), even at /DA', async () => {
    const res = await post('transformare/FCN', creditNote, 'application/xml');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await textOf(new Uint8Array(res.rawPayload));
    expect(text).toContain('FACTURA STORNO');
    expect(text).toContain('TRR-9-STORNO');
    expect(text).toContain('Transport Rapid SA');
    expect(text).toMatch(/Total de plata\s+121,00 lei/);
    for (const path of ['transformare/FACT1', 'transformare/FACT1/DA']) {
      const wrong = await post(path, creditNote);
      expect(wrong.headers['content-type']).toMatch(/^application\/json/);
      expect(wrong.json()).toMatchObject({ stare: 'nok', Messages: [{ message: expect.stringMatching(/nu este de tipul factura \(Invoice\)/) }] });
    }
  }, 120_000);

  it('answer an invalid document with the validation’s JSON and HTTP 200, as validare does; /DA draws it anyway', async () => {
    // One ban off the payable amount: the rules refuse it (BR-CO-16), the drawing shows it as written.
    const broken = invoice('SIM-T-0002', '659.90');
    const res = await post('transformare/FACT1', broken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const answer = res.json();
    expect(Object.keys(answer).sort()).toEqual(['Messages', 'stare', 'trace_id']);
    expect(answer.stare).toBe('nok');
    expect(answer.Messages.map((m: { message: string }) => m.message)).toContainEqual(expect.stringMatching(/^\[BR-CO-16\] /));
    expect(answer.trace_id).toMatch(/^[0-9a-f-]{36}$/);

    const drawn = await post('transformare/FACT1/DA', broken);
    expect(drawn.headers['content-type']).toBe('application/pdf');
    expect(await textOf(new Uint8Array(drawn.rawPayload))).toMatch(/Total de plata\s+659,90 lei/);

    // What is not XML, or carries a DOCTYPE, is never drawn, with or without the rules.
    for (const path of ['transformare/FACT1', 'transformare/FACT1/DA']) {
      for (const body of ['', 'nu este xml', `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>`]) {
        const refused = await post(path, body);
        expect(refused.statusCode).toBe(200);
        expect(refused.json()).toMatchObject({ stare: 'nok', Messages: [{ message: expect.stringMatching(/^Fisierul nu este un XML valid/) }] });
      }
    }
  }, 120_000);

  it('an unknown path under the public prefix is a 404; a document over 10 MB is a 413', async () => {
    for (const path of ['transformare/FACT2', 'transformare/FACT1/NU', 'transformare', 'transformare/FCN/DA/x']) {
      const res = await post(path, invoice('SIM-T-0003'));
      expect(res.statusCode, path).toBe(404);
      expect(res.json().success).toBe(false);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `${SIM_PUBLIC_BASE}/transformare/FACT1` })).statusCode).toBe(404);
    const padding = `<!--${'x'.repeat(10 * 1024 * 1024)}-->`;
    const big = await post('transformare/FACT1/DA', invoice('SIM-T-0004').replace('<Invoice', `${padding}\n<Invoice`));
    expect(big.statusCode).toBe(413);
  }, 120_000);
});

describe('the adapter’s transform', () => {
  it('gets the PDF from the simulator, and a refusal with the validation’s messages', async () => {
    const publicServices = eFacturaPublicFor(ctx.config, ctx.app);
    const pdf = await publicServices.transform(invoice('SIM-T-0005'), 'FACT1');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await textOf(pdf)).toContain('SIM-T-0005');
    expect((await publicServices.transform(creditNote, 'FCN', { validate: false })).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const refused = await publicServices.transform(invoice('SIM-T-0006', '1.00'), 'FACT1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EFacturaDocumentRefused);
    expect((refused as EFacturaDocumentRefused).kind).toBe('refused');
    expect((refused as EFacturaDocumentRefused).messages.some((m) => m.startsWith('[BR-CO-16]'))).toBe(true);
  }, 120_000);

  it('calls ANAF’s public base as text/plain, /DA without validation, and reads its answers by their bytes', async () => {
    const calls: { url: string; headers: Record<string, string>; body?: string }[] = [];
    const answering = (status: number, body: string, type: string): FetchLike => async (url, init) => {
      calls.push({ url, headers: init.headers, body: init.body });
      return new Response(body, { status, headers: { 'content-type': type } });
    };
    const pdf = await eFacturaPublic({ fetch: answering(200, '%PDF-1.4 fake', 'application/pdf') }).transform('<Invoice/>', 'FACT1');
    expect(pdf.toString('latin1')).toBe('%PDF-1.4 fake');
    await eFacturaPublic({ fetch: answering(200, '%PDF-1.4 fake', 'application/octet-stream') }).transform('<CreditNote/>', 'FCN', { validate: false });
    expect(calls.map((c) => c.url)).toEqual([`${ANAF_PUBLIC_REST}/transformare/FACT1`, `${ANAF_PUBLIC_REST}/transformare/FCN/DA`]);
    expect(ANAF_PUBLIC_REST).toBe('https://webservicesp.anaf.ro/prod/FCTEL/rest');
    expect(calls[0]).toMatchObject({ headers: { 'content-type': 'text/plain' }, body: '<Invoice/>' });

    const nok = JSON.stringify({ stare: 'nok', Messages: [{ message: 'E: validari globale eroare: [BR-CO-09]-Seller VAT' }, { message: 'Cui vanzator incorect' }], trace_id: 'a' });
    const refused = await eFacturaPublic({ fetch: answering(200, nok, 'application/json') }).transform('<x/>', 'FACT1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EFacturaDocumentRefused);
    expect((refused as EFacturaDocumentRefused).messages).toEqual(['E: validari globale eroare: [BR-CO-09]-Seller VAT', 'Cui vanzator incorect']);

    const kindOf = (fetch: FetchLike) => eFacturaPublic({ fetch }).transform('<x/>', 'FACT1').then(() => 'none', (e: EFacturaError) => e.kind);
    expect(await kindOf(answering(200, '{"stare":"ok","Messages":[]}', 'application/json'))).toBe('unexpected');
    expect(await kindOf(answering(200, '<html>Serviciu indisponibil</html>', 'text/html'))).toBe('unexpected');
    expect(await kindOf(answering(429, '{}', 'application/json'))).toBe('throttled');
    expect(await kindOf(answering(413, '', 'text/plain'))).toBe('refused');
    expect(await kindOf(answering(502, 'bad gateway', 'text/html'))).toBe('unexpected');
    expect(await kindOf(() => Promise.reject(new Error('ECONNRESET')))).toBe('network');
  });
});
