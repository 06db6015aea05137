import { createHmac, timingSafeEqual } from 'node:crypto';
import { messages } from '@colete/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PaymentOutcome } from './payment-gateway.js';
import type { StripeApi } from './stripe-api.js';
import { retrieveOutcome } from './stripe.js';

export const STRIPE_WEBHOOK_PATH = '/api/payments/webhook/stripe';
/** Stripe's own libraries refuse events signed more than five minutes ago (replays). */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * Stripe-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=...]`, keyed with
 * the endpoint's signing secret. Several v1 entries appear while a secret is being rolled.
 */
export function verifyStripeSignature(rawBody: string, header: string | undefined, secret: string, nowS = Date.now() / 1000, toleranceS = SIGNATURE_TOLERANCE_S): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return false;
  if (Math.abs(nowS - Number(t)) > toleranceS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest('hex'));
  return signatures.some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export type StripeWebhookDeps = {
  findPending: (identifier: string) => Promise<{ identifier: string; amountBani: number } | null>;
  /** A top-up paid (or abandoned) on the hosted page: the simulator's completion path. */
  complete: (identifier: string, outcome: PaymentOutcome) => Promise<unknown>;
  /** A saved card's automatic charge whose answer was lost: settled from the notification. */
  completeAutomatic: (identifier: string, outcome: PaymentOutcome) => Promise<unknown>;
};

type Event = { id?: string; type?: string; data?: { object?: Record<string, unknown> } };
const ZIdentifier = z.uuid();
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * What each event does. Completion only moves a pending payment (and credits once), so a repeated
 * or late delivery changes nothing; events about payments we do not have are acknowledged and ignored.
 */
async function handle(event: Event, api: StripeApi, deps: StripeWebhookDeps, log: FastifyBaseLogger) {
  const object = event.data?.object ?? {};
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const pending = async (identifier: unknown) => {
    const parsed = ZIdentifier.safeParse(identifier);
    return parsed.success ? deps.findPending(parsed.data) : null;
  };
  const amountMatches = (payment: { amountBani: number }, amount: unknown, currency: unknown) => {
    if (amount === payment.amountBani && currency === 'ron') return true;
    log.warn({ event: event.id, amount, currency }, 'Stripe event amount does not match the payment: ignored');
    return false;
  };

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // Only a paid session credits; a delayed method answers later with async_payment_*.
      if (object.payment_status !== 'paid') return;
      const payment = await pending(object.client_reference_id ?? metadata.payment);
      const intent = str(object.payment_intent);
      if (!payment || !intent || !amountMatches(payment, object.amount_total, object.currency)) return;
      const outcome = await retrieveOutcome(api, intent);
      if (outcome !== 'pending') await deps.complete(payment.identifier, outcome);
      return;
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const payment = await pending(object.client_reference_id ?? metadata.payment);
      if (payment) await deps.complete(payment.identifier, { status: 'declined', reason: 'Plata nu a fost finalizata in timpul permis.' });
      return;
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      // Checkout's own intents are settled by the session events (the holder may retry on the page).
      if (metadata.kind !== 'automatic') return;
      const payment = await pending(metadata.payment);
      const intent = str(object.id);
      if (!payment || !intent || !amountMatches(payment, object.amount, object.currency)) return;
      const outcome = await retrieveOutcome(api, intent);
      if (outcome !== 'pending') await deps.completeAutomatic(payment.identifier, outcome);
      return;
    }
    default:
      return;
  }
}

/**
 * POST /api/payments/webhook/stripe: the raw body (this route only: a JSON parser that keeps the
 * text) is checked against Stripe-Signature before anything is read. A bad or stale signature
 * answers 400; a failure to reach Stripe answers 500, so Stripe delivers the event again.
 */
export function stripeWebhookRoutes(opts: { api: StripeApi; webhookSecret: string; now?: () => number }, deps: StripeWebhookDeps) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    app.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const signature = req.headers['stripe-signature'];
      const nowS = (opts.now?.() ?? Date.now()) / 1000;
      if (!verifyStripeSignature(raw, typeof signature === 'string' ? signature : undefined, opts.webhookSecret, nowS)) {
        req.log.warn('Stripe webhook with a missing, wrong or stale signature');
        return reply.status(400).send({ success: false, message: messages.common.invalidData });
      }
      let event: Event;
      try {
        event = JSON.parse(raw) as Event;
      } catch {
        return reply.status(400).send({ success: false, message: messages.common.invalidData });
      }
      await handle(event, opts.api, deps, req.log);
      return { received: true };
    });
  };
}
