import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { cardSimulatorRoutes, simulatedGateway } from './card-simulator.js';
import type { PaymentGateway } from './payment-gateway.js';
import { stripeApi } from './stripe-api.js';
import { stripeGateway } from './stripe.js';
import { stripeWebhookRoutes, type StripeWebhookDeps } from './stripe-webhook.js';

type PaymentsConfig = Pick<Config, 'payments'> & Partial<Pick<Config, 'stripe' | 'publicUrl'>>;

function stripeSettings(config: PaymentsConfig) {
  // loadConfig refuses PAYMENTS=stripe without these; a hand-made configuration gets the same answer.
  if (!config.stripe || !config.publicUrl) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL');
  return { ...config.stripe, publicUrl: config.publicUrl };
}

/** The card processor the configuration names: the built-in simulator, Stripe, or none. */
export function paymentGateway(config: PaymentsConfig): PaymentGateway | null {
  if (config.payments === 'simulator') return simulatedGateway();
  if (config.payments === 'stripe') {
    const s = stripeSettings(config);
    return stripeGateway({ api: stripeApi(s), publicUrl: s.publicUrl });
  }
  return null;
}

/** What the processor's own routes need from the prepay module: find and complete a payment. */
export type PaymentRouteDeps = Parameters<typeof cardSimulatorRoutes>[0] & StripeWebhookDeps;

/**
 * The processor's routes: the simulator's hosted pages, or Stripe's webhook (the only way a
 * Checkout payment's outcome arrives). None when card payments are off.
 */
export function paymentRoutes(config: PaymentsConfig, deps: PaymentRouteDeps): ((app: FastifyInstance) => Promise<void>) | null {
  if (config.payments === 'simulator') return cardSimulatorRoutes(deps);
  if (config.payments === 'stripe') {
    const s = stripeSettings(config);
    return stripeWebhookRoutes({ api: stripeApi(s), webhookSecret: s.webhookSecret }, deps);
  }
  return null;
}
