import { messages } from '@colete/contract';
import type { PaymentGateway, PaymentOutcome } from './payment-gateway.js';
import { StripeUnavailable, type StripeAnswer, type StripeApi } from './stripe-api.js';

/** Checkout lets a session live 30 minutes to 24 hours; an abandoned payment is closed after this. */
export const SESSION_MINUTES = 60;

/** The few fields we read of Stripe's objects (PaymentIntent, PaymentMethod, error). */
type Card = { brand?: string; last4?: string; exp_month?: number; exp_year?: number; issuer?: string | null };
type PaymentMethod = { id?: string; card?: Card };
type StripeError = {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  payment_method?: PaymentMethod;
  payment_intent?: PaymentIntent;
};
export type PaymentIntent = {
  id?: string;
  status?: string;
  amount?: number;
  currency?: string;
  customer?: string | { id?: string } | null;
  setup_future_usage?: string | null;
  payment_method?: string | PaymentMethod | null;
  last_payment_error?: StripeError | null;
  metadata?: Record<string, string>;
};

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};
const brandName = (brand?: string) => (brand ? (BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card');
const expiry = (card: Card) =>
  card.exp_month && card.exp_year ? `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}` : '';
const idOf = (x: string | { id?: string } | null | undefined) => (typeof x === 'string' ? x : x?.id);

/** A saved card at Stripe is a customer and one of its payment methods; the token names both. */
const TOKEN = /^stripe:(cus_\w+):(pm_\w+)$/;
export const savedCardToken = (customer: string, paymentMethod: string) => `stripe:${customer}:${paymentMethod}`;

/** Stripe's decline reasons in the platform's words (the holder's bank decides; we do not say more than it does). */
function declineReason(error: StripeError | null | undefined): string {
  const code = error?.decline_code ?? error?.code;
  switch (code) {
    case 'insufficient_funds':
      return 'Fonduri insuficiente pe card.';
    case 'expired_card':
      return 'Cardul este expirat.';
    case 'authentication_required':
      return 'Banca emitenta cere confirmarea titularului (3-D Secure), care nu este posibila la o plata automata.';
    case 'processing_error':
      return 'A intervenit o eroare la procesarea cardului. Va rugam reincercati.';
    default:
      return messages.prepay.cardDeclined;
  }
}

/** The outcome a PaymentIntent stands for; 'pending' while Stripe has not decided. */
export function intentOutcome(pi: PaymentIntent): PaymentOutcome | 'pending' {
  const method = typeof pi.payment_method === 'object' && pi.payment_method ? pi.payment_method : undefined;
  const card = method?.card ?? pi.last_payment_error?.payment_method?.card ?? {};
  const shown = { cardBrand: brandName(card.brand), lastDigits: card.last4 ?? '' };
  if (pi.status === 'succeeded') {
    const customer = idOf(pi.customer);
    const pm = idOf(pi.payment_method);
    const saved = pi.setup_future_usage === 'off_session' && customer && pm ? savedCardToken(customer, pm) : undefined;
    // The card's issuing bank, when Stripe knows it (payment_method.card.issuer).
    const bank = typeof card.issuer === 'string' && card.issuer.trim() ? { cardBank: card.issuer.trim() } : {};
    return { status: 'succeeded', ...shown, expiryDate: expiry(card), ...(saved ? { cardToken: saved } : {}), ...bank };
  }
  if (pi.status === 'processing' || pi.status === 'requires_capture') return 'pending';
  const reason = pi.status === 'requires_action' ? declineReason({ code: 'authentication_required' }) : declineReason(pi.last_payment_error);
  return { status: 'declined', reason, ...(card.last4 ? shown : {}) };
}

/** A refused request: a card error (402) is the bank's decline, any other 4xx means nothing was charged. */
function refusedOutcome(answer: StripeAnswer): PaymentOutcome {
  const error = (answer.body.error ?? {}) as StripeError;
  if (error.type === 'card_error') {
    const card = error.payment_method?.card ?? error.payment_intent?.last_payment_error?.payment_method?.card;
    return { status: 'declined', reason: declineReason(error), ...(card?.last4 ? { cardBrand: brandName(card.brand), lastDigits: card.last4 } : {}) };
  }
  return { status: 'declined', reason: 'Procesatorul de plati a refuzat cererea; plata nu a fost efectuata.' };
}

/** Reads a PaymentIntent with its card (the webhook's events carry only its id). */
export async function retrieveOutcome(api: StripeApi, paymentIntentId: string): Promise<PaymentOutcome | 'pending'> {
  const answer = await api.request('GET', `/v1/payment_intents/${encodeURIComponent(paymentIntentId)}`, { expand: ['payment_method'] });
  if (answer.status !== 200) throw new StripeUnavailable(`Stripe answered HTTP ${answer.status} for ${paymentIntentId}`);
  return intentOutcome(answer.body as PaymentIntent);
}

/**
 * Stripe Checkout (hosted page, `mode=payment`, card only, RON) for top-ups, and off-session
 * PaymentIntents for a saved card's automatic charges. Outcomes of Checkout arrive by webhook
 * (stripe-webhook.ts). Every create carries an Idempotency-Key made of our payment identifier.
 */
export function stripeGateway(opts: { api: StripeApi; publicUrl: string; now?: () => Date }): PaymentGateway {
  const now = opts.now ?? (() => new Date());
  const absolute = (path: string) => new URL(path, opts.publicUrl).toString();

  return {
    name: 'stripe',

    async startPayment(p) {
      const answer = await opts.api.request(
        'POST',
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          client_reference_id: p.identifier,
          success_url: absolute(p.returnUrl),
          cancel_url: absolute(p.cancelUrl),
          locale: 'ro',
          expires_at: Math.floor(now().getTime() / 1000) + SESSION_MINUTES * 60,
          payment_method_types: ['card'],
          line_items: [{ quantity: 1, price_data: { currency: 'ron', unit_amount: p.amountBani, product_data: { name: p.description } } }],
          metadata: { payment: p.identifier },
          payment_intent_data: {
            description: p.description,
            metadata: { payment: p.identifier, kind: 'checkout' },
            // The card is kept for automatic top-ups: attached to a customer made for it.
            ...(p.saveCard ? { setup_future_usage: 'off_session' } : {}),
          },
          ...(p.saveCard ? { customer_creation: 'always' } : {}),
        },
        `checkout-${p.identifier}`,
      );
      const url = answer.body.url;
      if (answer.status !== 200 || typeof url !== 'string') {
        const error = answer.body.error as StripeError | undefined;
        throw new Error(`Stripe refused the Checkout Session (HTTP ${answer.status}${error?.code ? `, ${error.code}` : ''}): ${error?.message ?? 'no url'}`);
      }
      return { url };
    },

    async chargeSavedCard({ identifier, cardToken, amountBani, description }) {
      const saved = cardToken.match(TOKEN);
      if (!saved) return { status: 'declined', reason: 'Cardul salvat nu este recunoscut.' };
      const answer = await opts.api.request(
        'POST',
        '/v1/payment_intents',
        {
          amount: amountBani,
          currency: 'ron',
          customer: saved[1],
          payment_method: saved[2],
          payment_method_types: ['card'],
          confirm: true,
          off_session: true,
          description,
          metadata: { payment: identifier, kind: 'automatic' },
          expand: ['payment_method'],
        },
        `charge-${identifier}`,
      );
      if (answer.status !== 200) return refusedOutcome(answer);
      const outcome = intentOutcome(answer.body as PaymentIntent);
      if (outcome === 'pending') throw new StripeUnavailable(`PaymentIntent ${String(answer.body.id)} is still processing`);
      return outcome;
    },
  };
}
