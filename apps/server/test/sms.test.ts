import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.js';
import { MailSendError, type MailTransport } from '../src/integrations/mail/mail-transport.js';
import { twilioTransport } from '../src/integrations/sms/twilio.js';
import type { OutgoingSms, SmsTransport } from '../src/integrations/sms/sms-transport.js';
import { mailDelivery } from '../src/modules/mail/mail-delivery.js';
import { enqueueSms } from '../src/modules/mail/mail-service.js';
import { createTestApp, createUser, type TestContext } from './helper.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const account = { accountSid: `AC${'a1'.repeat(16)}`, authToken: 'secret-token-0123456789', from: '+40312345678', apiBase: 'https://twilio.test' };

/** Hand-written answers in the shape of Twilio's Messages API (201 with the message; errors {code, message, more_info, status}). */
function twilioAnswers(answer: (to: string) => { status: number; body: object }) {
  const calls: { url: string; auth: string; body: URLSearchParams }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const body = new URLSearchParams(String(init.body));
    calls.push({ url, auth: (init.headers as Record<string, string>).authorization!, body });
    const a = answer(body.get('To')!);
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}
const message = (to: string) => ({ sid: `SM${to.slice(-8)}${'0'.repeat(24)}`, status: 'queued', to, body: 'x', error_code: null });
const twilioError = (code: number, text: string, status: number) => ({ code, message: text, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

describe('Twilio adapter (SMS=twilio)', () => {
  it('sends one request per phone, form-encoded with HTTP Basic, and answers the message sids', async () => {
    const { calls, fetchImpl } = twilioAnswers((to) => ({ status: 201, body: message(to) }));
    const sent = await twilioTransport(account, fetchImpl).send({ to: ['+40733000002', '+40744000003'], text: 'Colete Online: coletul a fost preluat.' });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.url).toBe(`https://twilio.test/2010-04-01/Accounts/${account.accountSid}/Messages.json`);
    expect(calls[0]!.auth).toBe(`Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`);
    expect(Object.fromEntries(calls[1]!.body)).toEqual({ To: '+40744000003', From: '+40312345678', Body: 'Colete Online: coletul a fost preluat.' });
    expect(sent.messageId.split(',')).toHaveLength(2);
    expect(sent.rejected).toBeUndefined();
  });

  it('a refused number is noted while the others go; all refused fails for good; 401 and 5xx are retried later', async () => {
    const invalid = twilioError(21211, "The 'To' number +40700000000 is not a valid phone number.", 400);
    const some = twilioAnswers((to) => (to === '+40700000000' ? { status: 400, body: invalid } : { status: 201, body: message(to) }));
    const partly = await twilioTransport(account, some.fetchImpl).send({ to: ['+40700000000', '+40733000002'], text: 'x' });
    expect(partly.rejected).toEqual([expect.stringContaining('+40700000000: Twilio 400 (21211)')]);

    const none = twilioAnswers(() => ({ status: 400, body: invalid }));
    const refused = await twilioTransport(account, none.fetchImpl).send({ to: ['+40700000000'], text: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MailSendError);
    expect((refused as MailSendError).permanent).toBe(true);

    for (const [status, body] of [
      [401, twilioError(20003, 'Authenticate', 401)],
      [429, twilioError(20429, 'Too Many Requests', 429)],
      [503, { message: 'Service Unavailable' }],
    ] as const) {
      const r = twilioAnswers(() => ({ status, body }));
      const err = await twilioTransport(account, r.fetchImpl).send({ to: ['+40733000002'], text: 'x' }).catch((e: unknown) => e);
      expect(err, String(status)).toBeInstanceOf(MailSendError);
      expect((err as MailSendError).permanent, String(status)).toBe(false);
    }
  });
});

describe('the outbox sender with SMS rows', () => {
  it('hands SMS rows to the SMS transport and mail rows to the mail transport', async () => {
    const alice = await createUser(ctx);
    const id = await enqueueSms(ctx.database.db, { userId: alice.id, kind: 'pickUpRecipientNotify', to: ['+40733 000 002', 'not a phone'], text: 'Colete Online: test' });
    const texts: OutgoingSms[] = [];
    const sms: SmsTransport = { name: 'twilio', send: async (m) => (texts.push(m), { messageId: 'SM1' }) };
    const mail: MailTransport = { name: 'smtp', send: async () => { throw new Error('mail transport must not get an SMS'); } };
    const delivery = mailDelivery({ database: ctx.database, transport: mail, sms, from: 'a@b.ro' });
    expect(await delivery.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(texts).toEqual([{ to: ['+40733000002'], text: 'Colete Online: test' }]);
    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ channel: 'sms', status: 'sent', transport: 'twilio' });
  });
});
