import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { REPAYMENT_MIN_AMOUNTS, standardVatOn } from '@colete/contract';
import { readInvoicePdf } from '../apps/server/test/support/pdf-tools';
import { expect, expectAccessible, screenshot, test, payWithCard, registerClient } from './support/fixtures';

async function freshClient(page: Page, name: string) {
  await registerClient(page, name, 'facturi', '+40722555666');
}

test('a client changes the invoicing settings; a bad value is refused and the saved ones stay', async ({ page }) => {
  await freshClient(page, 'Setari Facturare SRL');
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Date facturare' }).click();
  await page.getByRole('tab', { name: 'Setari facturare' }).click();
  await expect(page).toHaveURL(/\/profile\/billing\/settings$/);
  await expect(page.getByRole('heading', { name: 'Setari facturare' })).toBeVisible();

  const prepay = page.getByRole('switch', { name: 'Factura la fiecare reincarcare' });
  const order = page.getByRole('switch', { name: 'Factura pentru fiecare comanda' });
  await expect(prepay).toBeChecked();
  await expect(order).not.toBeChecked();
  await expect(page.getByText('Setare implicita')).toHaveCount(2);
  await expect(page.getByText('Comenzile nefacturate se strang intr-o singura factura la sfarsitul lunii.')).toBeVisible();
  await expectAccessible(page);

  await order.check();
  await expect(page.getByText('Fiecare comanda activata primeste propria factura.')).toBeVisible();
  await page.getByRole('button', { name: 'Salveaza' }).click();
  await expect(page.getByText('Setarile de facturare au fost salvate cu succes!')).toBeVisible();
  await expect(page.getByText('Setat de dumneavoastra')).toHaveCount(1);
  await screenshot(page, 'invoicing-settings');

  // The server refuses what the form cannot send, and nothing saved is lost.
  const bad = await page.request.post('/api/user/settings/invoicing', { data: { settings: { invoiceEveryOrder: { value: 'da' } } } });
  expect(bad.status()).toBe(400);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Factura pentru fiecare comanda' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Factura la fiecare reincarcare' })).toBeChecked();
  await expect(page.getByText('Setat de dumneavoastra')).toHaveCount(1);
});

test('a client with a prepaid balance settles the account: confirmation, invoice PDF, balance returned', async ({ page }) => {
  await freshClient(page, 'Decontare Test SRL');
  // Billing data (a company the register knows, under its registered name) and the bank account that gets the balance back.
  const saved = await page.request.post('/api/user/billing/data', {
    data: {
      entityData: { name: 'Transport Rapid SA', isCompany: true, isVatPayer: true, identificationCode: '4221306', tradeRegister: 'J12/1234/2010' },
      address: { countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '28' },
    },
  });
  expect(saved.status()).toBe(200);
  const profile = await page.request.post('/api/user/profile', {
    data: {
      profile: {
        bankAccountHolder: 'Decontare Test SRL',
        bankAccount: 'RO66BACX0000001234567890',
        repaymentSendInterval: 1,
        repaymentSendMinAmount: REPAYMENT_MIN_AMOUNTS[0],
        repaymentWaitPending: 0,
      },
    },
  });
  expect(profile.status()).toBe(200);

  // A top-up through the card page: invoiced as an advance (the default setting).
  await page.goto('/profile/prepay');
  await page.getByRole('button', { name: '1.000,00 lei' }).click();
  await page.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Plata a fost efectuata cu succes!' })).toBeVisible();
  await page.goto('/profile/prepay');
  const movements = page.getByRole('table', { name: 'Ultimele miscari' });
  await expect(movements.getByRole('link', { name: /^COL \d{6}$/ })).toBeVisible();

  await page.goto('/profile/billing/data/list');
  const notice = page.getByRole('alert').filter({ hasText: 'Cont nedecontat' });
  await expect(notice).toBeVisible();
  await expect(notice.getByText('Sold preplatit: 1.000,00 lei')).toBeVisible();
  await expect(notice.getByText('Sume nefacturate: 0,00 lei')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Transport Rapid SA' }).getByRole('button', { name: 'Modifica' })).toBeDisabled();
  await expectAccessible(page);

  // Irreversible: it asks first, and 'Renunta' changes nothing.
  await notice.getByRole('button', { name: 'Deconteaza contul' }).click();
  const confirm = page.getByRole('dialog', { name: 'Decontare cont' });
  await expect(confirm.getByText('Operatiunea este ireversibila.')).toBeVisible();
  await expect(confirm.getByText('Abonamentele active de reincarcare automata vor fi dezactivate.')).toBeVisible();
  await expect(confirm.getByText('in contul RO66BACX0000001234567890', { exact: false })).toBeVisible();
  await expect(confirm.getByText('(0,00 lei) si va returnam soldul preplatit (1.000,00 lei)', { exact: false })).toBeVisible();
  await screenshot(page, 'settle-confirm');
  await confirm.getByRole('button', { name: 'Renunta' }).click();
  await expect(notice).toBeVisible();

  await notice.getByRole('button', { name: 'Deconteaza contul' }).click();
  await confirm.getByRole('button', { name: 'Deconteaza' }).click();
  await expect(page.getByText('Contul a fost decontat cu succes!')).toBeVisible();
  const done = page.getByRole('dialog', { name: 'Cont decontat' });
  await expect(done.getByText(/Am emis factura COL \d{6} in valoare de -1\.000,00 lei/)).toBeVisible();
  await expect(done.getByText('Soldul preplatit de 1.000,00 lei va fi virat in contul RO66BACX0000001234567890.')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'settle-done');

  const [download] = await Promise.all([page.waitForEvent('download'), done.getByRole('link', { name: 'Descarca factura' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Factura-COL-\d{6}\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // What it says: its number, the client as the buyer (the platform is the seller), the advance of
  // 1.000 lei reversed on one line split at the VAT rate, and the totals.
  const number = (await done.getByText(/Am emis factura COL \d{6}/).textContent())!.match(/COL (\d{6})/)![1]!;
  const invoice = await readInvoicePdf(bytes);
  // The advance was paid today: it is reversed at today's standard rate (21% since 1 August 2025).
  const VAT_PERCENT = standardVatOn(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date()));
  expect(invoice.header.join(' ')).toContain(`Seria COL nr. ${number}`);
  expect(invoice.header.join(' ')).toContain(`Cota TVA: ${VAT_PERCENT}%`);
  expect(invoice.buyer[0]).toBe('CUMPARATOR');
  for (const t of ['Transport Rapid SA', 'CIF: RO4221306', 'Nr. Reg. Com.: J12/1234/2010', 'Memorandumului 28']) expect(invoice.buyer.join(' ')).toContain(t);
  expect(invoice.seller[0]).toBe('FURNIZOR');
  expect(invoice.seller.join(' ')).toMatch(/CIF: RO\d+/);
  for (const t of ['Transport Rapid SA', '4221306']) expect(invoice.seller.join(' ')).not.toContain(t);
  const ron = (bani: number) => `${bani < 0 ? '-' : ''}${String(Math.floor(Math.abs(bani) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(Math.abs(bani) % 100).padStart(2, '0')}`;
  const net = Math.round((-100_000 * 100) / (100 + VAT_PERCENT));
  const vat = -100_000 - net;
  expect(invoice.rows).toHaveLength(1);
  expect(invoice.rows[0]).toMatch(new RegExp(`^1 Stornare avans.* buc 1 ${ron(net)} ${ron(net)} ${ron(vat)}$`));
  expect(invoice.totals.slice(0, 3)).toEqual([`Total fara TVA ${ron(net)} lei`, `TVA ${VAT_PERCENT}% ${ron(vat)} lei`, 'Total de plata -1.000,00 lei']);

  await done.getByRole('button', { name: 'Inchide' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cont nedecontat' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Transport Rapid SA' }).getByRole('button', { name: 'Modifica' })).toBeEnabled();
  await page.goto('/profile/prepay');
  await expect(page.getByTestId('balance')).toHaveText('0,00 lei');
});
