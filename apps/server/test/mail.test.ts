import { MAIL_SETTING_KEYS, USER_TYPE, messages } from '@colete/contract';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { mailOutbox, users } from '../src/db/schema.js';
import { startJobs } from '../src/jobs/boss.js';
import { MAIL_SENDER_QUEUE } from '../src/jobs/mail-sender.js';
import { mailTransportFor } from '../src/integrations/mail/index.js';
import { MailSendError, type MailTransport, type OutgoingMail } from '../src/integrations/mail/mail-transport.js';
import { smtpTransport } from '../src/integrations/mail/smtp.js';
import { mailDelivery, retryDelayMs } from '../src/modules/mail/mail-delivery.js';
import { enqueueMail, notifyByUserSettings, type NotificationItem } from '../src/modules/mail/mail-service.js';
import { as, createTestApp, createUser, twoUsers, type TestContext, type TestUser } from './helper.js';
import { fakeSmtpServer } from './support/smtp-server.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const rowOf = async (id: number) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
const rowsOf = (userId: number) => db().select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
/** Leaves earlier tests' pending mail out of a delivery run (the table is shared by the file). */
const settleEverything = () => db().update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.status, 'pending'));

const message = { subject: 'Factura COL 0000042', text: 'Buna ziua,\nAtasat gasiti factura.' };

/** A transport that records what it was given, optionally failing or answering slowly. */
function recordingTransport(behaviour: { fail?: Error; delayMs?: number } = {}): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    name: 'smtp',
    sent,
    async send(mail) {
      if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
      if (behaviour.fail) throw behaviour.fail;
      sent.push(mail);
      return { messageId: `<m${sent.length}@test>` };
    },
  };
}

describe('configuration', () => {
  it('defaults to the outbox with the platform sender; smtp needs SMTP_URL; bad values name the variable', () => {
    const base = loadConfig({});
    expect(base.mail).toBe('outbox');
    expect(base.mailFrom).toBe('Colete Online <notificari@colete.local>');
    expect(base.smtpUrl).toBeUndefined();
    expect(mailTransportFor(base).name).toBe('outbox');

    expect(() => loadConfig({ MAIL: 'smtp' })).toThrow(/SMTP_URL: is required when MAIL=smtp/);
    expect(() => loadConfig({ MAIL: 'smtp', SMTP_URL: 'http://mail.example.ro' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL: 'sendmail' })).toThrow(/MAIL/);
    expect(() => loadConfig({ MAIL_FROM: 'nu este o adresa' })).toThrow(/MAIL_FROM/);

    const smtp = loadConfig({ MAIL: 'smtp', SMTP_URL: 'smtp://user:secret@127.0.0.1:2525', MAIL_FROM: 'facturi@colete.ro' });
    expect(smtp).toMatchObject({ mail: 'smtp', smtpUrl: 'smtp://user:secret@127.0.0.1:2525', mailFrom: 'facturi@colete.ro' });
    const transport = mailTransportFor(smtp);
    expect(transport.name).toBe('smtp');
    transport.close?.();
  });
});

describe('enqueueMail', () => {
  it('stores one pending mail with clean recipients and a one-line subject', async () => {
    const alice = await createUser(ctx);
    const id = await enqueueMail(db(), {
      userId: alice.id,
      kind: 'sendInvoiceMail',
      to: [' Contabil@Firma.ro ', 'contabil@firma.ro', 'depozit@firma.ro'],
      subject: 'Factura\r\nBcc: atacator@rau.ro',
      text: 'Text',
      attachments: [{ filename: 'Factura.pdf', contentType: 'application/pdf', invoiceId: 7 }],
    });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      userId: alice.id,
      kind: 'sendInvoiceMail',
      to: ['contabil@firma.ro', 'depozit@firma.ro'],
      subject: 'Factura Bcc: atacator@rau.ro',
      status: 'pending',
      transport: null,
      attempts: 0,
      attachments: [{ filename: 'Factura.pdf', contentType: 'application/pdf', invoiceId: 7 }],
    });
    await expect(enqueueMail(db(), { userId: alice.id, kind: 'sendInvoiceMail', to: [' '], ...message })).rejects.toThrow(/no recipient/);
  });

  it('takes part in the caller’s transaction: a rollback leaves no mail', async () => {
    const bob = await createUser(ctx);
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, { userId: bob.id, kind: 'sendInvoiceMail', to: [bob.email], ...message });
        throw new Error('invoice failed');
      }),
    ).rejects.toThrow('invoice failed');
    expect(await rowsOf(bob.id)).toHaveLength(0);
    await db().transaction((tx) => enqueueMail(tx, { userId: bob.id, kind: 'sendInvoiceMail', to: [bob.email], ...message }));
    expect(await rowsOf(bob.id)).toHaveLength(1);
  });
});

describe('notifyByUserSettings', () => {
  it('an account that never saved its settings gets the defaults: its own email, confirmations to other addresses off', async () => {
    const alice = await createUser(ctx);
    expect(await notifyByUserSettings(db(), alice.id, 'sendInvoiceMail', message)).toBe(true);
    expect(await notifyByUserSettings(db(), alice.id, 'sendOrderConfirmationToMarkedEmails', message)).toBe(false);
    // 'Fara atasamente' is a switch over the confirmations, not a mail of its own.
    await expect(notifyByUserSettings(db(), alice.id, 'sendOrderConfirmationWithoutAttachments' as NotificationItem, message)).rejects.toThrow(/not a notification/);
    const rows = await rowsOf(alice.id);
    expect(rows.map((r) => [r.kind, r.to])).toEqual([['sendInvoiceMail', [alice.email]]]);
    // An unknown account is told nothing.
    expect(await notifyByUserSettings(db(), 2_000_000_000, 'sendInvoiceMail', message)).toBe(false);
  });

  it('follows the saved settings: the item’s addresses when on, nothing when off, confirmations without attachments when the switch is on', async () => {
    const alice = await createUser(ctx);
    const settings = Object.fromEntries(MAIL_SETTING_KEYS.map((k) => [k, { enabled: false, emails: [alice.email] }]));
    settings.sendInvoiceMail = { enabled: true, emails: ['contabil@firma.ro', 'Director@Firma.ro'] };
    settings.sendOrderConfirmationToSender = { enabled: true, emails: ['depozit@firma.ro'] };
    settings.sendOrderConfirmationWithoutAttachments = { enabled: true, emails: [alice.email] };
    const saved = await as(ctx, alice, { method: 'POST', url: '/api/user/settings/mail', payload: { settings } });
    expect(saved.statusCode, saved.body).toBe(200);

    const attachments = [{ filename: 'Factura.pdf', contentType: 'application/pdf', invoiceId: 1 }];
    expect(await notifyByUserSettings(db(), alice.id, 'sendInvoiceMail', { ...message, attachments })).toBe(true);
    expect(await notifyByUserSettings(db(), alice.id, 'sendOrderDeliveryAlerts', message)).toBe(false);
    expect(await notifyByUserSettings(db(), alice.id, 'sendOrderReturn', message)).toBe(false);
    expect(await notifyByUserSettings(db(), alice.id, 'sendOrderConfirmationToSender', { ...message, attachments })).toBe(true);

    const rows = await rowsOf(alice.id);
    expect(rows.map((r) => ({ kind: r.kind, to: r.to, attachments: r.attachments.length }))).toEqual([
      { kind: 'sendInvoiceMail', to: ['contabil@firma.ro', 'director@firma.ro'], attachments: 1 },
      { kind: 'sendOrderConfirmationToSender', to: ['depozit@firma.ro'], attachments: 0 },
    ]);
  });
});

describe('the sender', () => {
  it('outbox mode sends nothing and marks the mail sent with transport outbox', async () => {
    await settleEverything();
    const alice = await createUser(ctx);
    const id = await enqueueMail(db(), { userId: alice.id, kind: 'sendRepaymentSheet', to: [alice.email], ...message });
    const delivery = mailDelivery({ database: ctx.database, transport: mailTransportFor(ctx.config), from: ctx.config.mailFrom });
    expect(await delivery.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', transport: 'outbox', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect((await delivery.deliverDue()).claimed).toBe(0);
  });

  it('resolves attachments through the injected resolver and hands the transport the whole message', async () => {
    await settleEverything();
    const alice = await createUser(ctx);
    const id = await enqueueMail(db(), {
      userId: alice.id,
      kind: 'sendInvoiceMail',
      to: [alice.email],
      ...message,
      html: '<p>Buna ziua</p>',
      attachments: [{ filename: 'Factura-42.pdf', contentType: 'application/pdf', invoiceId: 42 }],
    });
    const transport = recordingTransport();
    const asked: number[] = [];
    const delivery = mailDelivery({
      database: ctx.database,
      transport,
      from: 'Colete Online <notificari@colete.local>',
      resolveAttachment: async (ref) => {
        const invoiceId = 'invoiceId' in ref ? ref.invoiceId : -1;
        asked.push(invoiceId);
        return Buffer.from(`%PDF-1.7 factura ${invoiceId}`);
      },
    });
    expect((await delivery.deliverDue()).sent).toBe(1);
    expect(asked).toEqual([42]);
    expect(transport.sent).toHaveLength(1);
    const sent = transport.sent[0]!;
    expect(sent).toMatchObject({ from: 'Colete Online <notificari@colete.local>', to: [alice.email], subject: message.subject, text: message.text, html: '<p>Buna ziua</p>' });
    expect(sent.attachments).toEqual([{ filename: 'Factura-42.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.7 factura 42') }]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', transport: 'smtp' });
  });

  it('retries with growing waits, then marks the mail failed with the last error', async () => {
    await settleEverything();
    const alice = await createUser(ctx);
    const id = await enqueueMail(db(), { userId: alice.id, kind: 'sendInvoiceMail', to: [alice.email], ...message });
    const transport = recordingTransport({ fail: new MailSendError('ECONNECTION: connect ECONNREFUSED 10.0.0.5:587', false) });
    const delivery = mailDelivery({ database: ctx.database, transport, from: 'a@b.ro', maxAttempts: 3 });

    let clock = Date.now();
    const now = () => new Date(clock);
    expect(await delivery.deliverDue({ now })).toMatchObject({ claimed: 1, retried: 1 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'ECONNECTION: connect ECONNREFUSED 10.0.0.5:587' });
    expect(row.nextAttemptAt.getTime()).toBe(clock + retryDelayMs(1));
    // Not due yet: nothing is claimed.
    clock += retryDelayMs(1) - 1000;
    expect((await delivery.deliverDue({ now })).claimed).toBe(0);

    clock += 1000;
    expect(await delivery.deliverDue({ now })).toMatchObject({ claimed: 1, retried: 1 });
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(clock + retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    clock += retryDelayMs(2);
    expect(await delivery.deliverDue({ now })).toMatchObject({ claimed: 1, failed: 1 });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'ECONNECTION: connect ECONNREFUSED 10.0.0.5:587', sentAt: null });
    clock += 24 * 3600_000;
    expect((await delivery.deliverDue({ now })).claimed).toBe(0);
  });

  it('a permanent refusal fails at once; without a resolver an attachment fails with a clear error', async () => {
    await settleEverything();
    const alice = await createUser(ctx);
    const refused = await enqueueMail(db(), { userId: alice.id, kind: 'sendInvoiceMail', to: ['nu-exista@firma.ro'], ...message });
    const permanent = mailDelivery({ database: ctx.database, transport: recordingTransport({ fail: new MailSendError('EENVELOPE: 550 mailbox unavailable', true) }), from: 'a@b.ro' });
    expect(await permanent.deliverDue()).toMatchObject({ failed: 1 });
    expect(await rowOf(refused)).toMatchObject({ status: 'failed', attempts: 1 });

    const withPdf = await enqueueMail(db(), {
      userId: alice.id,
      kind: 'sendInvoiceMail',
      to: [alice.email],
      ...message,
      attachments: [{ filename: 'Factura.pdf', contentType: 'application/pdf', invoiceId: 9 }],
    });
    const transport = recordingTransport();
    const noResolver = mailDelivery({ database: ctx.database, transport, from: 'a@b.ro' });
    expect(await noResolver.deliverDue()).toMatchObject({ retried: 1 });
    expect(transport.sent).toHaveLength(0);
    expect((await rowOf(withPdf)).lastError).toMatch(/no attachment resolver configured for Factura\.pdf \(invoice 9\)/);
  });

  it('two workers at once never send one mail twice (FOR UPDATE SKIP LOCKED claims)', async () => {
    await settleEverything();
    const alice = await createUser(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) ids.push(await enqueueMail(db(), { userId: alice.id, kind: 'sendOrderDeliveryAlerts', to: [`c${i}@firma.ro`], ...message }));
    const a = recordingTransport({ delayMs: 5 });
    const b = recordingTransport({ delayMs: 5 });
    const workerA = mailDelivery({ database: ctx.database, transport: a, from: 'a@b.ro' });
    const workerB = mailDelivery({ database: ctx.database, transport: b, from: 'a@b.ro' });
    const [ra, rb] = await Promise.all([workerA.drain(), workerB.drain()]);
    expect(ra.sent + rb.sent).toBe(24);
    // Both took part, and together they sent each mail exactly once.
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    const recipients = [...a.sent, ...b.sent].map((m) => m.to[0]).sort();
    expect(recipients).toEqual(ids.map((_, i) => `c${i}@firma.ro`).sort());
    const rows = await db().select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);

    if (ctx.database.kind === 'postgres') {
      // On PostgreSQL a second connection holds a row lock: the claim skips that row instead of waiting.
      const locked = await enqueueMail(db(), { userId: alice.id, kind: 'sendOrderDeliveryAlerts', to: ['blocat@firma.ro'], ...message });
      const free = await enqueueMail(db(), { userId: alice.id, kind: 'sendOrderDeliveryAlerts', to: ['liber@firma.ro'], ...message });
      const current = await ctx.database.executeSql('SELECT current_database() AS name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${String(current.rows[0]!.name)}`;
      const lockClient = new pg.Client({ connectionString: url.toString() });
      await lockClient.connect();
      try {
        await lockClient.query('BEGIN');
        await lockClient.query('SELECT id FROM mail_outbox WHERE id = $1 FOR UPDATE', [locked]);
        const c = recordingTransport();
        const r = await mailDelivery({ database: ctx.database, transport: c, from: 'a@b.ro' }).deliverDue();
        expect(r.claimed).toBe(1);
        expect(c.sent.map((m) => m.to[0])).toEqual(['liber@firma.ro']);
        expect((await rowOf(locked)).status).toBe('pending');
        expect((await rowOf(free)).status).toBe('sent');
      } finally {
        await lockClient.query('ROLLBACK');
        await lockClient.end();
      }
    }
  });
});

describe('SMTP adapter over a real socket', () => {
  it('authenticates, sends text, HTML and the attachment, and the sender marks the mail sent over smtp', async () => {
    await settleEverything();
    const server = await fakeSmtpServer();
    const transport = smtpTransport(`smtp://notificari:parola-secreta@127.0.0.1:${server.port}`, { connectionTimeoutMs: 5000, socketTimeoutMs: 5000 });
    try {
      const alice = await createUser(ctx);
      const id = await enqueueMail(db(), {
        userId: alice.id,
        kind: 'sendInvoiceMail',
        to: ['contabil@firma.ro', 'director@firma.ro'],
        subject: 'Factura COL 0000042',
        text: 'Buna ziua,\n.\nAtasat gasiti factura.',
        html: '<p>Buna ziua</p>',
        attachments: [{ filename: 'Factura-COL-0000042.pdf', contentType: 'application/pdf', invoiceId: 42 }],
      });
      const delivery = mailDelivery({
        database: ctx.database,
        transport,
        from: 'Colete Online <notificari@colete.local>',
        resolveAttachment: async () => Buffer.from('%PDF-1.7 factura de test'),
      });
      expect(await delivery.deliverDue()).toMatchObject({ claimed: 1, sent: 1 });
      expect(await rowOf(id)).toMatchObject({ status: 'sent', transport: 'smtp', lastError: null });

      expect(server.received).toHaveLength(1);
      const got = server.received[0]!;
      const [user, pass] = Buffer.from(got.auth!.split(' ')[2]!, 'base64').toString().split('\0').slice(1);
      expect([user, pass]).toEqual(['notificari', 'parola-secreta']);
      expect(got.from).toMatch(/^MAIL FROM:<notificari@colete\.local>/);
      expect(got.to).toEqual(['contabil@firma.ro', 'director@firma.ro']);
      expect(got.data).toMatch(/^Subject: Factura COL 0000042\r$/m);
      expect(got.data).toMatch(/^From: Colete Online <notificari@colete\.local>\r$/m);
      expect(got.data).toContain('Content-Type: text/html');
      expect(got.data).toContain('filename=Factura-COL-0000042.pdf');
      expect(got.data).toContain(Buffer.from('%PDF-1.7 factura de test').toString('base64'));
      // A line holding only a dot survives the DATA transparency rule.
      expect(got.data).toMatch(/Buna ziua,\r\n\.\r\nAtasat gasiti factura\./);
    } finally {
      transport.close?.();
      await server.close();
    }
  });

  it('a refused login is retried later, and its stored error never carries the password', async () => {
    const server = await fakeSmtpServer({ authReply: '535 5.7.8 Credentiale respinse pentru notificari:parola-secreta' });
    const transport = smtpTransport(`smtp://notificari:parola-secreta@127.0.0.1:${server.port}`);
    try {
      const err = await transport.send({ from: 'a@colete.local', to: ['x@firma.ro'], subject: 'S', text: 'T', attachments: [] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MailSendError);
      expect((err as MailSendError).permanent).toBe(false);
      expect((err as MailSendError).message).toMatch(/^EAUTH: .*535/);
      expect((err as MailSendError).message).not.toContain('parola-secreta');
    } finally {
      transport.close?.();
      await server.close();
    }
  });

  it('every recipient refused for good is a permanent failure; a temporary refusal is retried', async () => {
    const permanentServer = await fakeSmtpServer({ rcptReply: () => '550 5.1.1 Mailbox unavailable' });
    const temporaryServer = await fakeSmtpServer({ rcptReply: () => '451 4.3.0 Try again later' });
    const permanent = smtpTransport(`smtp://127.0.0.1:${permanentServer.port}`);
    const temporary = smtpTransport(`smtp://127.0.0.1:${temporaryServer.port}`);
    const mail = { from: 'a@colete.local', to: ['nu-exista@firma.ro'], subject: 'S', text: 'T', attachments: [] };
    try {
      const refused = await permanent.send(mail).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(MailSendError);
      expect((refused as MailSendError).permanent).toBe(true);
      expect((refused as MailSendError).message).toMatch(/550/);
      const later = await temporary.send(mail).catch((e: unknown) => e);
      expect(later).toBeInstanceOf(MailSendError);
      expect((later as MailSendError).permanent).toBe(false);
      // Nothing listening: transient.
      const closedPort = permanentServer.port;
      permanent.close?.();
      await permanentServer.close();
      const down = await smtpTransport(`smtp://127.0.0.1:${closedPort}`, { connectionTimeoutMs: 2000 }).send(mail).catch((e: unknown) => e);
      expect((down as MailSendError).permanent).toBe(false);
    } finally {
      temporary.close?.();
      await temporaryServer.close();
    }
  });
});

describe('GET /api/user/mail/outbox', () => {
  let alice: TestUser;
  let bob: TestUser;
  const aliceIds: number[] = [];
  beforeAll(async () => {
    ({ alice, bob } = await twoUsers(ctx));
    const start = Date.now() - 30 * 60_000;
    for (let i = 0; i < 25; i++) {
      const id = await enqueueMail(db(), { userId: alice.id, kind: i % 2 ? 'sendInvoiceMail' : 'sendOrderDeliveryAlerts', to: [alice.email], subject: `Mesaj ${i}`, text: `Corp ${i}` });
      await db().update(mailOutbox).set({ createdAt: new Date(start + i * 60_000) }).where(eq(mailOutbox.id, id));
      aliceIds.push(id);
    }
    await enqueueMail(db(), { userId: bob.id, kind: 'sendInvoiceMail', to: [bob.email], subject: 'Al lui Bob', text: 'Secret' });
  });

  it('lists the account’s own mail, newest first, a page at a time, with the total and the mode', async () => {
    const res = await as(ctx, alice, { method: 'GET', url: '/api/user/mail/outbox?page=1&limit=10' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, count: 25, page: 1, perPage: 10, mode: 'outbox' });
    expect(body.list.map((m: { subject: string }) => m.subject)).toEqual(Array.from({ length: 10 }, (_, i) => `Mesaj ${24 - i}`));
    expect(body.list[0]).toMatchObject({ id: aliceIds[24], kind: 'sendOrderDeliveryAlerts', to: [alice.email], status: 'pending', transport: null, attempts: 0, attachments: [], sentAt: null });
    expect(body.list[0]).not.toHaveProperty('text');

    const last = (await as(ctx, alice, { method: 'GET', url: '/api/user/mail/outbox?page=3&limit=10' })).json();
    expect(last.list.map((m: { subject: string }) => m.subject)).toEqual(['Mesaj 4', 'Mesaj 3', 'Mesaj 2', 'Mesaj 1', 'Mesaj 0']);
    const defaults = (await as(ctx, alice, { method: 'GET', url: '/api/user/mail/outbox' })).json();
    expect(defaults).toMatchObject({ page: 1, perPage: 20, count: 25 });
    expect(defaults.list).toHaveLength(20);

    const bobs = (await as(ctx, bob, { method: 'GET', url: '/api/user/mail/outbox' })).json();
    expect(bobs.count).toBe(1);
    expect(bobs.list[0].subject).toBe('Al lui Bob');
  });

  it('refuses bad paging and anonymous calls', async () => {
    for (const q of ['page=0', 'limit=0', 'limit=101', 'page=abc']) {
      expect((await as(ctx, alice, { method: 'GET', url: `/api/user/mail/outbox?${q}` })).statusCode, q).toBe(400);
    }
    expect((await as(ctx, null, { method: 'GET', url: '/api/user/mail/outbox' })).statusCode).toBe(401);
    expect((await as(ctx, null, { method: 'GET', url: `/api/user/mail/outbox/${aliceIds[0]}` })).statusCode).toBe(401);
  });

  it('shows one mail with its body; another account’s mail is 404 like a missing one', async () => {
    const res = await as(ctx, alice, { method: 'GET', url: `/api/user/mail/outbox/${aliceIds[3]}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, mode: 'outbox', mail: { id: aliceIds[3], subject: 'Mesaj 3', text: 'Corp 3' } });

    const foreign = await as(ctx, bob, { method: 'GET', url: `/api/user/mail/outbox/${aliceIds[3]}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: messages.mail.notFound, code: 'notFound' });
    expect((await as(ctx, bob, { method: 'GET', url: '/api/user/mail/outbox/999999999' })).statusCode).toBe(404);
    expect((await as(ctx, bob, { method: 'GET', url: '/api/user/mail/outbox/abc' })).statusCode).toBe(400);
    // A client naming another client is refused.
    expect((await as(ctx, bob, { method: 'GET', url: `/api/user/mail/outbox?selectedClient=${alice.id}` })).statusCode).toBe(403);
  });

  it('an admin acting for a client sees that client’s outbox, and none of it without selecting', async () => {
    const admin = await createUser(ctx, { userType: USER_TYPE.admin });
    const list = (await as(ctx, admin, { method: 'GET', url: `/api/user/mail/outbox?selectedClient=${alice.id}&limit=5` })).json();
    expect(list).toMatchObject({ count: 25, perPage: 5 });
    const one = await as(ctx, admin, { method: 'GET', url: `/api/user/mail/outbox/${aliceIds[0]}?selectedClient=${alice.id}` });
    expect(one.json().mail.text).toBe('Corp 0');
    expect((await as(ctx, admin, { method: 'GET', url: `/api/user/mail/outbox/${aliceIds[0]}?selectedClient=${bob.id}` })).statusCode).toBe(404);
    expect((await as(ctx, admin, { method: 'GET', url: '/api/user/mail/outbox' })).json().count).toBe(0);
  });

  it('says smtp when the server sends through SMTP', async () => {
    const smtpCtx = await createTestApp({ mail: 'smtp', smtpUrl: 'smtp://127.0.0.1:2525' });
    try {
      const carol = await createUser(smtpCtx);
      expect((await as(smtpCtx, carol, { method: 'GET', url: '/api/user/mail/outbox' })).json()).toMatchObject({ mode: 'smtp', count: 0, list: [] });
    } finally {
      await smtpCtx.close();
    }
  });
});

describe('the mail-sender job', () => {
  it('runs every minute, and a mail queued while it runs leaves within seconds (the nudge)', async () => {
    const jobCtx = await createTestApp();
    const jobs = await startJobs(jobCtx.app);
    try {
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.find((s) => s.name === MAIL_SENDER_QUEUE)?.cron).toBe('* * * * *');
      const dan = await createUser(jobCtx);
      const id = await enqueueMail(jobCtx.database.db, { userId: dan.id, kind: 'sendInvoiceMail', to: [dan.email], ...message });
      const deadline = Date.now() + 20_000;
      let status = 'pending';
      while (Date.now() < deadline && status === 'pending') {
        await new Promise((r) => setTimeout(r, 250));
        status = (await jobCtx.database.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!.status;
      }
      expect(status).toBe('sent');
      const [row] = await jobCtx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ transport: 'outbox', attempts: 1 });
    } finally {
      await jobs.stop();
      await jobCtx.close();
    }
  }, 30_000);
});

describe('demo data', () => {
  it('the demo client has sent notifications in its outbox', async () => {
    const { seedDemo } = await import('../src/db/seed.js');
    const seedCtx = await createTestApp();
    try {
      await seedDemo(seedCtx.database);
      const [client] = await seedCtx.database.db.select().from(users).where(eq(users.email, 'client@demo.ro'));
      const rows = await seedCtx.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, client!.id));
      // The two the demo outbox shows: the top-up invoice and the cash-on-delivery statement.
      expect(rows.map((r) => r.subject).sort()).toEqual(['Borderou de ramburs: 3 colete, 415,50 lei', 'Factura pentru reincarcarea contului preplatit'].sort());
      expect(rows.every((r) => r.status === 'sent' && r.transport === 'outbox' && r.to[0] === 'client@demo.ro')).toBe(true);
    } finally {
      await seedCtx.close();
    }
  });
});
