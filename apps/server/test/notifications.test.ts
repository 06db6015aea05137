import { randomUUID } from 'node:crypto';
import { MAIL_SETTING_KEYS, RETURN_RATE_LIMITS, type MailSettingKey, type TShipmentDraft } from '@colete/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, mailOutbox } from '../src/db/schema.js';
import { startJobs, type Jobs } from '../src/jobs/boss.js';
import { LIFECYCLE_EVENTS_QUEUE } from '../src/jobs/lifecycle-events.js';
import { MAIL_SENDER_QUEUE } from '../src/jobs/mail-sender.js';
import { formatRoDate } from '../src/lib/dates.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { shipmentMailListener } from '../src/modules/mail/index.js';
import type { ShipmentFacts } from '../src/modules/shipments/index.js';
import { as, createTestApp, createUser, type TestContext, type TestUser } from './helper.js';
import { runJob } from './jobs-helper.js';
import { NO_OPTIONS, RECIPIENT, SENDER, templateAddress } from './support/parties.js';
import { pdfText } from './support/pdf-tools.js';
import { fakeSmtpServer, type SmtpMessage } from './support/smtp-server.js';

/*
 * The notifications the settings page promises (Setari > Notificari > Email), through the real
 * path: the lifecycle events' job and the mail-sender job, over SMTP to a local server. What left
 * is read from that server (envelope, attachment bytes) and from the account's outbox page.
 */

let smtp: Awaited<ReturnType<typeof fakeSmtpServer>>;
let ctx: TestContext;
let jobs: Jobs;
beforeAll(async () => {
  smtp = await fakeSmtpServer();
  ctx = await createTestApp({ mail: 'smtp', smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  await loadNomenclature(ctx.database);
  jobs = await startJobs(ctx.app);
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
  await smtp?.close();
});

type Item = { enabled: boolean; emails: string[] };
async function saveMailSettings(user: TestUser, items: Partial<Record<MailSettingKey, Item>>) {
  const settings = Object.fromEntries(MAIL_SETTING_KEYS.map((k) => [k, items[k] ?? { enabled: false, emails: [user.email] }]));
  const res = await as(ctx, user, { method: 'POST', url: '/api/user/settings/mail', payload: { settings } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Delivers the lifecycle events, then sends the queued mail, as the scheduled jobs do. */
async function runNotificationJobs() {
  expect((await runJob(jobs.boss, LIFECYCLE_EVENTS_QUEUE)).state).toBe('completed');
  expect((await runJob(jobs.boss, MAIL_SENDER_QUEUE)).state).toBe('completed');
}

type OutboxItem = { id: number; kind: string; to: string[]; subject: string; status: string; attachments: { filename: string; contentType: string }[] };
async function outbox(user: TestUser): Promise<OutboxItem[]> {
  const res = await as(ctx, user, { method: 'GET', url: '/api/user/mail/outbox?limit=100' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list;
}
async function mailText(user: TestUser, id: number): Promise<string> {
  return (await as(ctx, user, { method: 'GET', url: `/api/user/mail/outbox/${id}` })).json().mail.text;
}
/** The messages the SMTP server took with this subject. */
const received = (subject: string) => smtp.received.filter((m) => headerOf(m, 'Subject') === subject);

/** One header of the message (unfolded). */
function headerOf(m: SmtpMessage, name: string) {
  const head = m.data.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  return head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim();
}

/** The attachments of a MIME message: their headers and decoded bytes. */
function attachmentsOf(m: SmtpMessage): { headers: string; content: Buffer }[] {
  const boundaries = [...m.data.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((x) => x[1]!);
  const parts = boundaries.flatMap((b) => m.data.split(`--${b}`).slice(1));
  return parts
    .map((part) => {
      const at = part.indexOf('\r\n\r\n');
      return { headers: part.slice(0, at).replace(/\r\n[ \t]+/g, ' '), body: part.slice(at + 4) };
    })
    .filter((p) => /Content-Disposition:\s*attachment/i.test(p.headers))
    .map((p) => ({ headers: p.headers, content: Buffer.from(p.body.replace(/\s+/g, ''), 'base64') }));
}

async function client(): Promise<TestUser> {
  const u = await createUser(ctx);
  await ctx.database.db.insert(ledgerEntries).values({ userId: u.id, kind: 'topup', amountBani: 500_000, description: 'Reincarcare test', reference: randomUUID() });
  return u;
}

/** A shipment activated through the API; answers what the API said of it. */
async function activate(user: TestUser): Promise<{ uniqueId: string; awb: string; labelFormats: string[] }> {
  const draft: TShipmentDraft = { sender: SENDER, recipient: RECIPIENT, packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }], content: 'Carti', clientReference: 'CMD-MAIL', options: NO_OPTIONS };
  const offers = await as(ctx, user, { method: 'POST', url: '/api/shipments/offers', payload: draft });
  expect(offers.statusCode, offers.body).toBe(200);
  const offer = (offers.json().offers as { serviceId: string; type: string; errors: string[] }[]).find((o) => o.type === 'standard' && o.errors.length === 0)!;
  const res = await as(ctx, user, { method: 'POST', url: '/api/shipments', payload: { ...draft, serviceId: offer.serviceId, requestKey: randomUUID().replace(/-/g, ''), activate: true } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shipment;
}

describe('order confirmation: the label travels with it unless "fara atasamente" is on', () => {
  it('with "fara atasamente" off, the sender and the marked addresses get the confirmation with the label PDF attached', async () => {
    const alice = await client();
    await saveMailSettings(alice, {
      sendOrderConfirmationToSender: { enabled: true, emails: ['expeditii@alice.ro'] },
      sendOrderConfirmationToMarkedEmails: { enabled: true, emails: ['depozit@alice.ro', 'Expeditii@alice.ro'] },
      sendOrderConfirmationWithoutAttachments: { enabled: false, emails: [alice.email] },
    });
    const s = await activate(alice);
    await runNotificationJobs();

    const mails = (await outbox(alice)).filter((m) => m.kind.startsWith('sendOrderConfirmation'));
    // The marked list's copy leaves out an address the sender's mail already reaches.
    expect(mails.map((m) => [m.kind, m.to, m.status]).sort()).toEqual([
      ['sendOrderConfirmationToMarkedEmails', ['depozit@alice.ro'], 'sent'],
      ['sendOrderConfirmationToSender', ['expeditii@alice.ro'], 'sent'],
    ]);
    const format = s.labelFormats[0]!;
    const fileName = `Eticheta-${s.awb}-ion-destinatar-${format}.pdf`;
    for (const m of mails) {
      expect(m.subject).toBe(`Comanda ${s.uniqueId} a fost activata - AWB ${s.awb}`);
      expect(m.attachments).toEqual([{ filename: fileName, contentType: 'application/pdf' }]);
      const text = await mailText(alice, m.id);
      expect(text).toContain(`Comanda catre Ion Destinatar (Sectorul 1) a fost activata.`);
      expect(text).toContain('Eticheta este atasata acestui mesaj.');
      // The pick-up date as Romanians write it.
      expect(text).toMatch(/Data estimata a ridicarii: \d{2}\.\d{2}\.\d{4}\./);
    }

    // What the SMTP server got: one message per list, each carrying the label the API downloads.
    const sent = received(`Comanda ${s.uniqueId} a fost activata - AWB ${s.awb}`);
    expect(sent.map((m) => m.to).sort()).toEqual([['depozit@alice.ro'], ['expeditii@alice.ro']]);
    const download = await as(ctx, alice, { method: 'GET', url: `/api/order-auth/print/${s.uniqueId}/${format}` });
    expect(download.statusCode).toBe(200);
    const labelText = await pdfText(download.rawPayload);
    for (const m of sent) {
      const [attachment, ...more] = attachmentsOf(m);
      expect(more).toEqual([]);
      expect(attachment!.headers).toMatch(/Content-Type: application\/pdf/);
      expect(attachment!.headers).toContain(fileName);
      expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');
      const pages = await pdfText(attachment!.content);
      expect(pages.join('\n')).toContain(s.awb);
      expect(pages.join('\n')).toContain('Ion Destinatar');
      expect(pages).toEqual(labelText);
    }
  }, 60_000);

  it('with "fara atasamente" on, the confirmation leaves without the label', async () => {
    const bob = await client();
    await saveMailSettings(bob, {
      sendOrderConfirmationToSender: { enabled: true, emails: [bob.email] },
      sendOrderConfirmationWithoutAttachments: { enabled: true, emails: [bob.email] },
    });
    const s = await activate(bob);
    await runNotificationJobs();

    const mails = (await outbox(bob)).filter((m) => m.kind.startsWith('sendOrderConfirmation'));
    expect(mails.map((m) => [m.kind, m.to, m.status, m.attachments])).toEqual([['sendOrderConfirmationToSender', [bob.email], 'sent', []]]);
    const text = await mailText(bob, mails[0]!.id);
    expect(text).not.toContain('atasata');
    expect(text).toContain(`Eticheta se descarca din pagina comenzii.`);
    const [m] = received(`Comanda ${s.uniqueId} a fost activata - AWB ${s.awb}`);
    expect(m!.to).toEqual([bob.email]);
    expect(attachmentsOf(m!)).toEqual([]);
  }, 60_000);

  it('with the sender confirmation off, nobody gets one (the marked list alone still does)', async () => {
    const carol = await client();
    await saveMailSettings(carol, { sendOrderConfirmationToMarkedEmails: { enabled: true, emails: ['copie@carol.ro'] } });
    await activate(carol);
    await runNotificationJobs();
    const mails = (await outbox(carol)).filter((m) => m.kind.startsWith('sendOrderConfirmation'));
    expect(mails.map((m) => [m.kind, m.to, m.attachments.length])).toEqual([['sendOrderConfirmationToMarkedEmails', ['copie@carol.ro'], 1]]);
  }, 60_000);
});

describe('a return submitted through the public form', () => {
  const merchantAddress = templateAddress({ shortName: 'Depozit' });
  const fields = [
    { id: 'why', type: 'text-input', config: { label: 'Motivul returului', isMandatory: true, minLength: 5, maxLength: 200 } },
    { id: 'pay', type: 'radio-buttons', config: { label: 'Rambursare', isMandatory: true, methodsArray: [{ id: 'voucher', name: 'Voucher' }, { id: 'bank', name: 'Transfer bancar', showBankAccount: true }] } },
  ];
  const customer = {
    contactName: 'Ana Ionescu',
    contactPhone: '0733111222',
    contactEmail: 'ana@exemplu.ro',
    countyCode: 'B',
    city: 'Sectorul 1',
    postalCode: '010093',
    street: 'Calea Victoriei',
    number: '120',
  };
  const answers = { why: 'Marimea nu se potriveste', pay: { methodId: 'bank', bankAccount: 'RO49AAAA1B31007593840000' } };

  async function template(user: TestUser, name: string) {
    const res = await as(ctx, user, {
      method: 'POST',
      url: '/api/order-template',
      payload: { data: { name, options: { allowClientReference: true, return: { enabled: true, isMandatory: true, fields } } }, address: merchantAddress },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { uniqueId: string };
  }
  let seq = 0;
  const submit = (uniqueId: string, body: object, ip = `10.7.0.${++seq}`) => ctx.app.inject({ method: 'POST', url: `/api/order/return/${uniqueId}`, payload: body, remoteAddress: ip });
  const returnMails = async (user: TestUser) => (await outbox(user)).filter((m) => m.kind === 'sendOrderReturn');

  it('tells the merchant’s return addresses once per accepted return, and nothing for a refused one', async () => {
    const dana = await client();
    await saveMailSettings(dana, { sendOrderReturn: { enabled: true, emails: ['retururi@dana.ro', 'Depozit@dana.ro'] } });
    const t = await template(dana, 'Retururi Dana');

    // Refused: missing answers (400), then accepted, then refused over the per-address limit (429).
    expect((await submit(t.uniqueId, { address: customer, answers: {} })).statusCode).toBe(400);
    const ok = await submit(t.uniqueId, { address: customer, answers, clientReference: 'CMD-77' }, '10.7.9.9');
    expect(ok.statusCode, ok.body).toBe(200);
    const reference = ok.json().reference as string;
    await runNotificationJobs();

    const mails = await returnMails(dana);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ to: ['retururi@dana.ro', 'depozit@dana.ro'], status: 'sent', attachments: [] });
    expect(mail!.subject).toBe(`Retur nou ${reference} de la Ana Ionescu (Sectorul 1) - Retururi Dana`);
    const text = await mailText(dana, mail!.id);
    expect(text).toContain(`Ana Ionescu a trimis un retur prin formularul "Retururi Dana" pe ${formatRoDate(new Date())}.`);
    expect(text).toContain(`Cod retur: ${reference}`);
    expect(text).toContain('Referinta client: CMD-77');
    expect(text).toContain('Telefon: +40733111222, email: ana@exemplu.ro');
    expect(text).toContain('Adresa de ridicare: Calea Victoriei, Nr. 120, 010093 Sectorul 1');
    expect(text).toContain('Motivul returului: Marimea nu se potriveste');
    expect(text).toContain('Rambursare: Transfer bancar (IBAN RO49AAAA1B31007593840000)');
    expect(text).toContain('Comenzi');

    const [m, ...again] = received(mail!.subject);
    expect(again).toEqual([]);
    expect(m!.to.sort()).toEqual(['depozit@dana.ro', 'retururi@dana.ro']);

    // Over the per-address limit: refused, and nobody is told.
    for (let i = 0; i < RETURN_RATE_LIMITS.perAddress; i++) expect((await submit(t.uniqueId, { address: customer, answers }, '10.7.8.8')).statusCode).toBe(200);
    expect((await submit(t.uniqueId, { address: customer, answers }, '10.7.8.8')).statusCode).toBe(429);
    await runNotificationJobs();
    expect(await returnMails(dana)).toHaveLength(1 + RETURN_RATE_LIMITS.perAddress);
  }, 60_000);

  it('with "Retururi" off, an accepted return tells nobody', async () => {
    const emil = await client();
    await saveMailSettings(emil, { sendOrderReturn: { enabled: false, emails: ['retururi@emil.ro'] } });
    const t = await template(emil, 'Retururi Emil');
    expect((await submit(t.uniqueId, { address: customer, answers })).statusCode).toBe(200);
    expect(await returnMails(emil)).toEqual([]);
    const queued = await ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'sendOrderReturn'), eq(mailOutbox.to, ['retururi@emil.ro'])));
    expect(queued).toEqual([]);
  });

  it('an account that never saved its settings gets the return mail at its own address', async () => {
    const flor = await client();
    const t = await template(flor, 'Retururi Flor');
    expect((await submit(t.uniqueId, { address: customer, answers })).statusCode).toBe(200);
    expect((await returnMails(flor)).map((m) => m.to)).toEqual([[flor.email]]);
  });
});

describe('who hears of a refused or returned parcel', () => {
  it('it is a delivery alert (Alerte de livrare), not the return form’s item', async () => {
    const gelu = await client();
    await saveMailSettings(gelu, {
      sendOrderDeliveryAlerts: { enabled: true, emails: ['alerte@gelu.ro'] },
      sendOrderReturn: { enabled: true, emails: ['retururi@gelu.ro'] },
    });
    const shipment: ShipmentFacts = {
      id: 1,
      uniqueId: 'ABCDEFGH1234',
      userId: gelu.id,
      kind: 'shipment',
      awb: 'RC1234567890',
      courierId: 'rapidcarpati',
      courierName: 'Rapid Carpati',
      serviceName: 'Standard',
      estimatedPickupDate: '2026-11-20',
      paymentType: 'prepaid',
      priceBani: 2380,
      sender: { contactName: 'Ana Expeditor', company: null, city: 'Cluj-Napoca' },
      recipient: { contactName: 'Ion Destinatar', city: 'Sectorul 1', phone: '+40733000002', phone2: null },
    };
    for (const to of ['refused', 'returned'] as const) {
      await ctx.database.db.transaction((tx) =>
        shipmentMailListener.on['shipment.status_changed']!(tx, { shipment, at: new Date().toISOString(), notify: true, from: 'in_transit', to, reason: null, pickedUp: false }, { id: 0, createdAt: new Date() }),
      );
    }
    const rows = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, gelu.id));
    expect(rows.map((r) => [r.kind, r.to])).toEqual([
      ['sendOrderDeliveryAlerts', ['alerte@gelu.ro']],
      ['sendOrderDeliveryAlerts', ['alerte@gelu.ro']],
    ]);
  });
});
