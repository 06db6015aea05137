import type { Page } from '@playwright/test';
import { balanceAdminMessages as m, messages } from '@colete/contract';
import { NO_OPTIONS, RECIPIENT, SENDER } from '../apps/server/test/support/parties';
import { DEMO, expect, expectAccessible, ownServer, payWithCard, screenshot, signIn, test } from './support/fixtures';

/**
 * The admin's side of the balances (issue 17): for the demo client, invoice now what is not
 * invoiced and the top-ups not invoiced as advances, activate a recorded payment, revert part of
 * another through the dialog, and read the audit log. The admin's payments page
 * (/profile/admin/payments) is where AdminInvoiceButtons and PaymentActions are mounted here.
 * A server of its own: this test invoices the demo client, which the invoices test counts.
 */
ownServer({ E2E_SERVER: 'balance-admin' });

const roDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(d).split('-').reverse().join('.');
const isoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(d);

/** As the demo client: a card top-up and an activated shipment while nothing is invoiced as it happens (settings put back after). */
async function somethingToInvoice(page: Page) {
  await signIn(page, DEMO.client);
  const set = (prepay: boolean) => page.request.post('/api/user/settings/invoicing', { data: { settings: { invoiceEveryPrepay: { value: prepay }, invoiceEveryOrder: { value: false } } } });
  expect((await set(false)).status()).toBe(200);
  await page.goto('/profile/prepay');
  await page.getByRole('button', { name: '50,00 lei' }).click();
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Plata a fost efectuata cu succes!' })).toBeVisible();
  const draft = { sender: SENDER, recipient: RECIPIENT, packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 10 }], content: 'Carti', clientReference: null, options: NO_OPTIONS };
  const offers = (await (await page.request.post('/api/shipments/offers', { data: draft })).json()).offers as { type: string; errors: string[]; serviceId: string }[];
  const offer = offers.find((o) => o.type === 'standard' && o.errors.length === 0)!;
  const res = await page.request.post('/api/shipments', { data: { ...draft, serviceId: offer.serviceId, requestKey: `adm${Date.now()}`, activate: true } });
  expect(res.status(), await res.text()).toBe(200);
  expect((await set(true)).status()).toBe(200);
  await page.getByRole('button', { name: /Contul meu/ }).click();
  await page.getByRole('menuitem', { name: 'Deconectare' }).click();
  return (await res.json()).shipment as { uniqueId: string };
}

/** The admin's balance calls the page made so far (to prove a cancelled confirmation sent none). */
function balanceCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/admin\/(trigger-invoice|activate-payment)/.test(r.url())) calls.push(new URL(r.url()).pathname);
  });
  return calls;
}

/** A balance button's confirmation (spec 002 section 2.5): it says what will happen before anything does. */
async function confirmation(page: Page, button: string, title: string, confirm: string, says: RegExp) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(says);
  await expect(dialog.getByRole('button', { name: m.cancel })).toBeVisible();
  return { dialog, confirmButton: dialog.getByRole('button', { name: confirm, exact: true }) };
}

const INVOICE_DIALOGS: Record<string, [string, string]> = {
  [m.triggerInvoice]: [m.confirmInvoiceTitle, m.confirmInvoiceButton],
  [m.triggerPrepayInvoice]: [m.confirmPrepayInvoiceTitle, m.confirmPrepayInvoiceButton],
};

async function issued(page: Page, button: string, message: string) {
  const [title, confirm] = INVOICE_DIALOGS[button]!;
  const { dialog, confirmButton } = await confirmation(page, button, title, confirm, /nu mai poate fi anulata/);
  await expect(dialog).toContainText('Demo Logistic SRL (client@demo.ro)');
  await confirmButton.click();
  await expect(dialog).toBeHidden();
  const note = page.getByText(new RegExp(`${message} COL \\d{6}`));
  await expect(note).toBeVisible();
  return /COL \d{6}/.exec((await note.textContent())!)![0];
}

test("an admin invoices the chosen client now, activates and reverts its payments, and reads the audit log", async ({ page }) => {
  test.setTimeout(180_000);
  const shipment = await somethingToInvoice(page);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.admin);
  await page.getByRole('combobox', { name: 'Client selectat' }).fill('client@demo');
  await page.getByRole('option', { name: 'Demo Logistic SRL (client@demo.ro)' }).click();
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Plati clienti' }).click();
  await expect(page).toHaveURL(/\/profile\/admin\/payments$/);
  await expect(page.getByRole('heading', { name: m.paymentsTitle })).toBeVisible();

  // Each invoice button asks first, saying a numbered invoice cannot be taken back; 'Renunta' does nothing.
  const calls = balanceCalls(page);
  for (const [button, [title, confirm]] of Object.entries(INVOICE_DIALOGS)) {
    const { dialog } = await confirmation(page, button, title, confirm, /urmatorul numar din serie si nu mai poate fi anulata/);
    if (button === m.triggerInvoice) await screenshot(page, 'balance-admin-confirm-invoice-1440');
    await dialog.getByRole('button', { name: m.cancel }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByText(new RegExp(`${m.invoiceIssued}|${m.prepayInvoiceIssued}`))).toHaveCount(0);
  expect(calls).toEqual([]);

  // Confirmed: the shipment's invoice and the top-up's advance; a second click finds nothing left.
  const ordersInvoice = await issued(page, m.triggerInvoice, m.invoiceIssued);
  const advanceInvoice = await issued(page, m.triggerPrepayInvoice, m.prepayInvoiceIssued);
  expect(calls).toEqual(['/api/admin/trigger-invoice', '/api/admin/trigger-invoice/pre-pay']);
  await (await confirmation(page, m.triggerInvoice, m.confirmInvoiceTitle, m.confirmInvoiceButton, /nu mai poate fi anulata/)).confirmButton.click();
  await expect(page.getByText(m.nothingToInvoice)).toBeVisible();

  // The demo's postpaid past: the older invoice's transfer active, the newer one's waiting.
  const paid = page.getByRole('listitem', { name: /OP 1021$/ });
  const waiting = page.getByRole('listitem', { name: /OP 1187$/ });
  await expect(paid.getByText(m.active, { exact: true })).toBeVisible();
  await expect(waiting.getByText(m.inactive, { exact: true })).toBeVisible();
  const paidInvoice = /COL \d{6}/.exec((await paid.getAttribute('aria-label'))!)![0];
  const waitingInvoice = /COL \d{6}/.exec((await waiting.getAttribute('aria-label'))!)![0];
  await expectAccessible(page);

  // Activating asks first, naming the payment; 'Renunta' leaves it waiting, confirming activates it.
  const activateAsk = async () => {
    await waiting.getByRole('button', { name: m.activate }).click();
    const dialog = page.getByRole('dialog', { name: m.confirmActivateTitle });
    await expect(dialog).toContainText(/Plata de [\d.]+,\d{2} lei \(Factura COL \d{6}, referinta OP 1187\) va fi luata in calcul/);
    await expect(dialog).toContainText('nu mai poate fi dezactivata');
    return dialog;
  };
  const asked = await activateAsk();
  await asked.getByRole('button', { name: m.cancel }).click();
  await expect(asked).toBeHidden();
  await expect(waiting.getByText(m.inactive, { exact: true })).toBeVisible();
  expect(calls.filter((c) => c.endsWith('/activate-payment'))).toEqual([]);
  await (await activateAsk()).getByRole('button', { name: m.confirmActivateButton }).click();
  await expect(page.getByText(m.paymentActivated)).toBeVisible();
  expect(calls.filter((c) => c.endsWith('/activate-payment'))).toEqual(['/api/admin/activate-payment']);
  await expect(waiting.getByText(m.active, { exact: true })).toBeVisible();

  // Revert part of the older payment: an amount below 0,10 lei is refused in the dialog first.
  const before = (await paid.getByTestId('payment-left').textContent())!;
  await paid.getByRole('button', { name: m.revert }).click();
  const dialog = page.getByRole('dialog', { name: m.revertTitle });
  await dialog.getByLabel(m.revertAmount).fill('0,05');
  await dialog.getByRole('button', { name: m.confirm }).click();
  await expect(dialog.getByText(m.revertMin)).toBeVisible();
  await dialog.getByLabel(m.revertAmount).fill('12,50');
  await expect(dialog.getByText(m.revertMin)).toHaveCount(0);
  await screenshot(page, 'balance-admin-revert-1440');
  await dialog.getByRole('button', { name: m.confirm }).click();
  await expect(page.getByText(m.paymentReverted)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(paid.getByTestId('payment-left')).not.toHaveText(before);
  await expect(paid).toContainText('Stornat: 12,50 lei');
  await screenshot(page, 'balance-admin-payments-1440');

  // The client's invoices (the admin sees the chosen client's): today's two, then the postpaid past.
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Facturi', exact: true }).click();
  const rows = page.getByTestId('invoice-row');
  await expect(rows.filter({ hasText: ordersInvoice })).toHaveCount(1);
  await expect(rows.filter({ hasText: advanceInvoice })).toContainText('Achitata');
  await page.goto(`/profile/invoices?from=${isoDay(new Date(Date.now() - 160 * 86_400_000))}&to=${isoDay(new Date(Date.now() - 95 * 86_400_000))}`);
  // The reverted payment no longer covers its invoice; the activated one covers its own (what it asks
  // after its credit note: a shipment cancelled the day after it was invoiced).
  const rowOf = (number: string) => rows.filter({ has: page.getByRole('button', { name: `PDF ${number}`, exact: true }) });
  await expect(rowOf(paidInvoice)).toContainText('Neachitata');
  await expect(rowOf(waitingInvoice)).toContainText('Achitata');
  await expect(rowOf(waitingInvoice)).not.toContainText('Neachitata');
  await expect(rows.filter({ hasText: `storneaza ${waitingInvoice}` })).toContainText('Storno');

  // Cancelling the shipment the admin's invoice covers: its credit note in the same list.
  await page.goto(`/profile/details/order/${shipment.uniqueId}`);
  await page.getByRole('button', { name: 'Anuleaza comanda' }).click();
  await page.getByRole('dialog', { name: 'Anulare comanda' }).getByRole('button', { name: 'Anuleaza comanda' }).click();
  await expect(page.getByText(messages.shipments.cancelled)).toBeVisible();
  await page.goto('/profile/invoices');
  await expect(rows.filter({ hasText: `storneaza ${ordersInvoice}` })).toContainText('Storno');

  // The audit log: who did what for whom, newest first.
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Jurnal actiuni admin' }).click();
  await expect(page.getByRole('heading', { name: m.auditTitle })).toBeVisible();
  const revertEntry = page.getByRole('listitem', { name: /^POST \/api\/admin\/revert-payment/ }).first();
  await expect(revertEntry).toContainText('Demo Logistic SRL (client@demo.ro)');
  await expect(revertEntry).toContainText('amount: 12.5');
  await expect(revertEntry).toContainText(roDay(new Date()));
  await expect(page.getByRole('listitem', { name: /^POST \/api\/admin\/trigger-invoice\/pre-pay/ })).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, 'balance-admin-audit-1440');

  // At phone width: nothing sideways, the actions reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'balance-admin-audit-390');
  await page.goto('/profile/admin/payments');
  await expect(paid.getByRole('button', { name: m.revert })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await screenshot(page, 'balance-admin-payments-390');
});

test('the audit log and the payments page show their loading, empty and error states', async ({ page }) => {
  await signIn(page, DEMO.admin);
  // Without a chosen client, the payments page asks for one.
  await page.goto('/profile/admin/payments');
  await expect(page.getByText(m.clientRequired)).toBeVisible();

  let failing = true;
  await page.route('**/api/admin/audit-log?*', (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'x' }) }) : route.continue(),
  );
  await page.goto('/profile/admin/audit-log');
  await expect(page.getByText(m.auditLoadError)).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: messages.common.retry }).click();
  await expect(page.getByText(m.auditLoadError)).toHaveCount(0);
  // The reads (the client selector's searches) only when asked for.
  await page.getByLabel(m.auditReads).check();
  await expect(page).toHaveURL(/[?&]reads=1/);
  await expect(page.getByRole('listitem', { name: /^GET \/api\/admin\/clients/ }).first()).toBeVisible();

  await page.route('**/api/admin/audit-log?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, list: [], count: 0 }) }));
  await page.reload();
  await expect(page.getByText(m.auditEmpty)).toBeVisible();

  // Client 2 has no recorded payments.
  await page.getByRole('combobox', { name: 'Client selectat' }).fill('popescu');
  await page.getByRole('option', { name: 'Ana Popescu (client2@demo.ro)' }).click();
  await page.goto('/profile/admin/payments');
  await expect(page.getByText(m.paymentsEmpty)).toBeVisible();
});

test('an admin records a bank transfer against an invoice left to pay; bad input and the same transfer twice are refused', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.admin);
  await page.getByRole('combobox', { name: 'Client selectat' }).fill('client@demo');
  await page.getByRole('option', { name: 'Demo Logistic SRL (client@demo.ro)' }).click();
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Plati clienti' }).click();
  await expect(page.getByRole('heading', { name: m.paymentsTitle })).toBeVisible();

  await page.getByRole('button', { name: m.record }).click();
  const dialog = page.getByRole('dialog', { name: m.recordTitle });
  const invoice = dialog.getByRole('combobox', { name: m.recordInvoice });
  await expect(invoice).toBeVisible();
  // Nothing chosen or typed: each field says what it needs, nothing is sent.
  await dialog.getByRole('button', { name: m.confirm }).click();
  await expect(dialog.getByText(m.invoiceRequired)).toBeVisible();
  await expect(dialog.getByText(m.amountInvalid)).toBeVisible();
  await expect(dialog.getByText(m.referenceRequired)).toBeVisible();

  // The invoice's rest to pay fills the amount; a bad amount is refused in place.
  await invoice.click();
  const option = page.getByRole('option').first();
  const chosen = (await option.textContent())!;
  expect(chosen).toMatch(/^COL \d{6} din \d{2}\.\d{2}\.\d{4} \(rest de plata [\d.]+,\d{2} lei\)$/);
  await option.click();
  const amount = dialog.getByRole('textbox', { name: m.recordAmount });
  await expect(amount).toHaveValue(/^\d+,\d{2}$/);
  await amount.fill('12,345');
  await expect(dialog.getByText(m.amountInvalid)).toBeVisible();
  await amount.fill('25,00');
  await expect(dialog.getByText(m.amountInvalid)).toHaveCount(0);
  const reference = `OP E2E ${Date.now()}`;
  await dialog.getByRole('textbox', { name: m.recordReference }).fill(reference);
  await expect(dialog.getByText(m.referenceRequired)).toHaveCount(0);
  await expectAccessible(page);
  await screenshot(page, 'balance-admin-record-1440');
  await dialog.getByRole('button', { name: m.confirm }).click();
  await expect(page.getByText(m.paymentRecorded)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Recorded inactive, with its invoice, day and reference.
  const row = page.getByRole('listitem', { name: new RegExp(`${reference}$`) });
  await expect(row).toContainText(m.inactive);
  await expect(row).toContainText(chosen.slice(0, 10));
  await expect(row).toContainText('25,00 lei');
  await expect(row).toContainText(roDay(new Date()));

  // The same transfer again: refused in the dialog, still one row.
  await page.getByRole('button', { name: m.record }).click();
  await invoice.click();
  await page.getByRole('option', { name: chosen }).click();
  await dialog.getByRole('textbox', { name: m.recordReference }).fill(reference);
  await dialog.getByRole('button', { name: m.confirm }).click();
  await expect(dialog.getByText(m.paymentDuplicate)).toBeVisible();
  await dialog.getByRole('button', { name: m.cancel }).click();
  await expect(page.getByRole('listitem', { name: new RegExp(`${reference}$`) })).toHaveCount(1);

  // At phone width: the dialog fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: m.record }).click();
  await expect(invoice).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'balance-admin-record-390');
});
