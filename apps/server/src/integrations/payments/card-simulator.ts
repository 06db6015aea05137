import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { formatBani } from '@colete/contract';
import type { PaymentGateway, PaymentOutcome } from './payment-gateway.js';
import { checkCard, TEST_CARDS, testCardBank } from './test-cards.js';

/** The issuing bank the simulator's processor reports for a test card, as a real one names the card's issuer. */
const bankOf = (lastDigits: string) => {
  const bank = testCardBank(lastDigits);
  return bank ? { cardBank: bank } : {};
};

/** The simulator answers at our own address, under /sim/card/. */
export const simulatedGateway = (): PaymentGateway => ({
  name: 'simulator',
  // The simulator's pages know where to send the browser back; nothing to open beforehand.
  startPayment: async ({ identifier }) => ({ url: `/sim/card/${identifier}` }),
  async chargeSavedCard({ cardToken }) {
    const m = cardToken.match(/^sim_(ok|decline)_(\d{4})$/);
    if (!m) return { status: 'declined', reason: 'Cardul salvat nu este recunoscut.' };
    return m[1] === 'ok'
      ? { status: 'succeeded', cardBrand: 'Visa', lastDigits: m[2]!, expiryDate: '12/30', cardToken, ...bankOf(m[2]!) }
      : { status: 'declined', reason: 'Cardul a fost refuzat de banca emitenta.', lastDigits: m[2]! };
  },
});

type PendingPayment = {
  identifier: string;
  amountBani: number;
  awaiting3ds: boolean;
  cardBrand: string | null;
  lastDigits: string | null;
  expiryDate: string | null;
  cardToken: string | null;
};
type Deps = {
  findPending: (identifier: string) => Promise<PendingPayment | null>;
  await3ds: (identifier: string, card: { cardBrand: string; lastDigits: string; expiryDate: string; cardToken: string }) => Promise<unknown>;
  complete: (identifier: string, outcome: PaymentOutcome) => Promise<unknown>;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string) {
  return `<!doctype html><html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Simulator plati cu cardul</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef1f7;color:#111827;margin:0;padding:24px 12px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 20px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:6px;padding:2px 8px;font-size:13px;margin-bottom:12px}
h1{font-size:22px;margin:0 0 4px}.amount{font-size:28px;font-weight:700;color:#1747a6;margin:8px 0 20px}
label{display:block;font-weight:600;margin:14px 0 6px}input{width:100%;box-sizing:border-box;font-size:17px;padding:10px 12px;border:1px solid #6b7280;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}.error{color:#b91c1c;font-size:14px;margin-top:6px}
button{margin-top:20px;width:100%;font-size:17px;font-weight:600;padding:12px;border:0;border-radius:8px;background:#1747a6;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1747a6;border:1px solid #1747a6}
table{width:100%;border-collapse:collapse;font-size:14px;margin-top:20px}td,th{text-align:left;padding:4px 0;border-bottom:1px solid #e5e7eb}
</style></head><body><main>${body}</main></body></html>`;
}

const OUTCOME_TEXT = { succeeded: 'plata reuseste', declined: 'plata este refuzata', '3ds': 'cere confirmare 3-D Secure' } as const;

function cardForm(payment: PendingPayment, values: Record<string, string> = {}, errors: Record<string, string> = {}) {
  const field = (name: string, label: string, attrs: string) => `
    <label for="${name}">${label}</label>
    <input id="${name}" name="${name}" value="${escapeHtml(values[name] ?? '')}" ${attrs} ${errors[name] ? `aria-invalid="true" aria-describedby="${name}-error"` : ''}>
    ${errors[name] ? `<div class="error" id="${name}-error">${escapeHtml(errors[name])}</div>` : ''}`;
  const cards = Object.entries(TEST_CARDS)
    .map(([n, c]) => `<tr><td>${n.replace(/(\d{4})(?=\d)/g, '$1 ')}</td><td>${c.brand}</td><td>${OUTCOME_TEXT[c.outcome]}</td></tr>`)
    .join('');
  return page(
    'Plata cu cardul',
    `<span class="badge">Mediu de test: simulator</span>
    <h1>Plata cu cardul</h1><div>Reincarcare cont Colete Online</div>
    <div class="amount">${formatBani(payment.amountBani)}</div>
    <form method="post" novalidate>
      ${field('number', 'Numar card', 'inputmode="numeric" autocomplete="cc-number" required')}
      <div class="row"><div>${field('expiry', 'Expira (LL/AA)', 'autocomplete="cc-exp" placeholder="12/30" required')}</div>
      <div>${field('cvc', 'CVV', 'inputmode="numeric" autocomplete="cc-csc" required')}</div></div>
      <button type="submit">Plateste ${formatBani(payment.amountBani)}</button>
    </form>
    <table><caption style="text-align:left;font-weight:600">Carduri de test (orice data viitoare, orice CVV)</caption>
    <thead><tr><th>Numar</th><th>Tip</th><th>Rezultat</th></tr></thead><tbody>${cards}</tbody></table>`,
  );
}

const threeDsPage = (payment: PendingPayment) =>
  page(
    'Confirmare 3-D Secure',
    `<span class="badge">Mediu de test: simulator</span>
    <h1>Confirmare 3-D Secure</h1>
    <p>Banca dumneavoastra cere confirmarea platii de <strong>${formatBani(payment.amountBani)}</strong>.</p>
    <form method="post" action="/sim/card/${payment.identifier}/3ds"><input type="hidden" name="decision" value="confirm">
    <button type="submit">Confirma plata</button></form>
    <form method="post" action="/sim/card/${payment.identifier}/3ds"><input type="hidden" name="decision" value="refuse">
    <button type="submit" class="secondary">Refuza</button></form>`,
  );

const goneMessage = page('Plata nu mai este disponibila', '<h1>Plata nu mai este disponibila</h1><p>Aceasta plata a fost deja procesata sau nu exista.</p>');
const backToApp = (reply: FastifyReply, identifier: string) => reply.redirect(`/profile/after-payment/${identifier}`, 303);

/**
 * The built-in card processor: its hosted page, test cards for each outcome, a 3-D Secure step,
 * then back to the platform's after-payment page. A real processor replaces these pages.
 */
export function cardSimulatorRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const params = z.object({ identifier: z.uuid() });
    const pending = async (raw: unknown) => {
      const parsed = params.safeParse(raw);
      return parsed.success ? deps.findPending(parsed.data.identifier) : null;
    };
    const html = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body);

    app.get('/sim/card/:identifier', async (req, reply) => {
      const payment = await pending(req.params);
      return payment ? html(reply, 200, cardForm(payment)) : html(reply, 404, goneMessage);
    });

    app.post('/sim/card/:identifier', async (req, reply) => {
      const payment = await pending(req.params);
      if (!payment) return html(reply, 404, goneMessage);
      const form = (req.body ?? {}) as Record<string, string>;
      const card = checkCard(form.number ?? '', form.expiry ?? '', form.cvc ?? '');
      if (!card.ok) return html(reply, 400, cardForm(payment, form, { [card.field]: card.message }));
      if (card.outcome === '3ds') {
        await deps.await3ds(payment.identifier, { cardBrand: card.brand, lastDigits: card.lastDigits, expiryDate: card.expiryDate, cardToken: card.token });
        return html(reply, 200, threeDsPage(payment));
      }
      await deps.complete(
        payment.identifier,
        card.outcome === 'succeeded'
          ? { status: 'succeeded', cardBrand: card.brand, lastDigits: card.lastDigits, expiryDate: card.expiryDate, cardToken: card.token, ...bankOf(card.lastDigits) }
          : { status: 'declined', reason: 'Cardul a fost refuzat de banca emitenta.', cardBrand: card.brand, lastDigits: card.lastDigits },
      );
      return backToApp(reply, payment.identifier);
    });

    app.post('/sim/card/:identifier/3ds', async (req, reply) => {
      const payment = await pending(req.params);
      if (!payment || !payment.awaiting3ds || !payment.cardBrand || !payment.lastDigits || !payment.expiryDate) return html(reply, 404, goneMessage);
      const decision = ((req.body ?? {}) as Record<string, string>).decision;
      const card = { cardBrand: payment.cardBrand, lastDigits: payment.lastDigits };
      await deps.complete(
        payment.identifier,
        decision === 'confirm'
          ? { status: 'succeeded', ...card, expiryDate: payment.expiryDate, cardToken: payment.cardToken ?? undefined, ...bankOf(payment.lastDigits) }
          : { status: 'declined', reason: 'Autentificarea 3-D Secure nu a fost confirmata.', ...card },
      );
      return backToApp(reply, payment.identifier);
    });
  };
}
