import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, screenshotAtWidths, signIn, test, typeDay } from './support/fixtures';

/*
 * Issue 26, 'Trimite factura': the demo client issues invoices from its connected company. Dates are
 * typed dd.mm.yyyy and the due date follows the issue date until chosen; a customer is looked up by
 * its CUI in the register (the company-check simulator's Transport Rapid SA) or typed with its county
 * and locality from the nomenclature; a bad line is refused beside its field, a series and number
 * already used beside the number, with the form kept; the sent list shows each document's currency.
 */

const DAY = 86_400_000;
/** A Bucharest calendar day `offset` days from today, 'YYYY-MM-DD'. */
const bucharestDay = (offset = 0) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(new Date(Date.now() + offset * DAY));
const ro = (iso: string) => iso.split('-').reverse().join('.');
function monthAfter(iso: string) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}
let serial = 0;
/** A number of the length invoices have (each worker has a server of its own, fresh for the run). */
const uniqueNumber = () => String((Date.now() % 100_000) * 10 + (serial++ % 10));

async function openForm(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, DEMO.client);
  await page.goto('/profile/invoicing-system/system-invoices/received/list');
  await page.getByRole('tab', { name: 'Trimite factura' }).click();
  await expect(page.getByRole('heading', { name: 'Trimite factura' })).toBeVisible();
  return {
    invoice: page.getByRole('region', { name: 'Factura' }),
    customer: page.getByRole('region', { name: 'Client' }),
  };
}

test('dates typed dd.mm.yyyy, the customer looked up by CUI, a bad line refused by its field, then the invoice in the sent list', async ({ page }) => {
  test.setTimeout(150_000);
  const { invoice, customer } = await openForm(page);
  const issue = invoice.getByLabel('Data facturii', { exact: true });
  const due = invoice.getByLabel('Data scadentei', { exact: true });
  // Today and a month later, in Romanian, whatever the browser's language.
  await expect(issue).toHaveValue(ro(bucharestDay()));
  await expect(due).toHaveValue(ro(monthAfter(bucharestDay())));
  await expectAccessible(page);

  const number = uniqueNumber();
  await invoice.getByLabel('Serie', { exact: true }).fill('DL');
  await invoice.getByLabel('Numar', { exact: true }).fill(number);
  // The due date follows the issue date typed as dd.mm.yyyy...
  const issueDay = bucharestDay(-2);
  await typeDay(issue, ro(issueDay));
  await expect(due).toHaveValue(ro(monthAfter(issueDay)));
  // ...a day before it is said at once, in Romanian...
  await typeDay(due, ro(bucharestDay(-3)));
  await expect(invoice.getByText('Data scadentei nu poate fi inainte de data facturii.')).toBeVisible();
  // ...and once chosen it stays where the user put it.
  await typeDay(due, ro(bucharestDay(12)));
  await expect(invoice.getByText('Data scadentei nu poate fi inainte de data facturii.')).toHaveCount(0);
  await typeDay(issue, ro(bucharestDay(-1)));
  await expect(due).toHaveValue(ro(bucharestDay(12)));

  // A CUI the register does not hold: the billing page's message, nothing filled.
  const cui = customer.getByLabel('CUI / cod TVA', { exact: true });
  await cui.fill('68596620');
  await customer.getByRole('button', { name: 'Cauta dupa CUI' }).click();
  await expect(customer.getByText('Codul fiscal 68596620 nu este inregistrat la ANAF. Verificati codul introdus.')).toBeVisible();
  await expect(customer.getByLabel('Denumire client', { exact: true })).toHaveValue('');
  // A registered one fills the name, the VAT id and the office placed in the nomenclature.
  await cui.fill('4221306');
  await customer.getByRole('button', { name: 'Cauta dupa CUI' }).click();
  await expect(customer.getByLabel('Denumire client', { exact: true })).toHaveValue('Transport Rapid SA');
  await expect(cui).toHaveValue('RO4221306');
  await expect(customer.getByRole('combobox', { name: 'Judet' })).toHaveValue('București');
  await expect(customer.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Sectorul 1');
  await expect(customer.getByRole('combobox', { name: 'Strada' })).toHaveValue('Calea Victoriei');
  await expect(customer.getByLabel('Numar', { exact: true })).toHaveValue('120');
  await expect(customer.getByLabel('Cod postal', { exact: true })).toHaveValue('010093');
  await expect(customer.getByText('Numele, codul fiscal si adresa clientului au fost completate din registrul ANAF.')).toBeVisible();

  await page.getByLabel('Denumire', { exact: true }).fill('Servicii de ambalare');
  await page.getByLabel('Cantitate', { exact: true }).fill('0');
  await page.getByLabel(/Pret unitar/).fill('150');
  await page.getByRole('button', { name: 'Trimite factura' }).click();
  await expect(page.getByText('Cantitatea trebuie sa fie mai mare decat 0 (cel mult 3 zecimale).')).toBeVisible();

  await page.getByLabel('Cantitate', { exact: true }).fill('2');
  await expect(page.getByLabel('Total linia 1', { exact: true })).toHaveText('300,00 lei');
  await expect(page.getByText('Cantitatea trebuie sa fie mai mare decat 0 (cel mult 3 zecimale).')).toHaveCount(0);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, 'einvoice-send-invoice');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Trimite factura' }).click();
  await expect(page).toHaveURL(/\/system-invoices\/sent\/list/, { timeout: 30_000 });
  const row = page.getByRole('table', { name: 'Facturi trimise' }).getByRole('row').filter({ hasText: `DL ${number}` });
  await expect(row).toContainText('Transport Rapid SA');
  await expect(row).toContainText('363,00 lei');
});

test('a customer typed with its county from the nomenclature, in EUR; a number already used is said beside it with the form kept; the sent list shows EUR', async ({ page }) => {
  test.setTimeout(150_000);
  const { invoice, customer } = await openForm(page);
  const used = uniqueNumber();
  // An invoice already issued under DE and this number.
  const first = await page.request.post('/api/user/invoicing-system/invoice', {
    data: {
      identificationCode: '14399840',
      series: 'DE',
      number: used,
      issueDate: bucharestDay(),
      dueDate: monthAfter(bucharestDay()),
      buyer: { type: 'company', name: 'Atelier Mobila Cluj SRL', identification: 'RO15900825', vatPayer: true, address: { street: 'Strada Memorandumului 28', city: 'Cluj-Napoca', countyCode: 'CJ', country: 'RO' } },
      lines: [{ name: 'Altceva', vatRate: 21, unitPriceBani: 100 }],
    },
  });
  expect(first.status(), await first.text()).toBe(200);

  await invoice.getByLabel('Serie', { exact: true }).fill('DE');
  await invoice.getByLabel('Numar', { exact: true }).fill(used);
  await invoice.getByRole('combobox', { name: 'Moneda' }).click();
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await invoice.getByLabel('Curs RON', { exact: true }).fill('4,9764');

  await customer.getByLabel('CUI / cod TVA', { exact: true }).fill('RO15900825');
  await customer.getByLabel('Denumire client', { exact: true }).fill('Atelier Mobila Cluj SRL');
  await customer.getByRole('combobox', { name: 'Judet' }).click();
  await page.getByRole('option', { name: 'Cluj', exact: true }).click();
  await customer.getByRole('combobox', { name: 'Localitate' }).fill('napoca');
  await page.getByRole('option', { name: 'Cluj-Napoca' }).click();
  await customer.getByRole('combobox', { name: 'Strada' }).fill('memorand');
  await page.getByRole('option', { name: 'Strada Memorandumului' }).click();
  await customer.getByLabel('Numar', { exact: true }).fill('28');
  await expect(customer.getByLabel('Cod postal', { exact: true })).toHaveValue('400114');
  await page.getByLabel('Denumire', { exact: true }).fill('Mobilier de birou');
  await page.getByLabel('Cantitate', { exact: true }).fill('3');
  await page.getByLabel(/Pret unitar/).fill('399,31');
  await expect(page.getByLabel('Total linia 1', { exact: true })).toHaveText('1.197,93 EUR');

  // The same series and number with another content: said beside the number, nothing typed is lost.
  await page.getByRole('button', { name: 'Trimite factura' }).click();
  const number = invoice.getByLabel('Numar', { exact: true });
  await expect(invoice.getByText('Seria si numarul au fost deja folosite pentru o alta factura a firmei: alegeti alt numar.')).toBeVisible();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/system-invoices\/send/);
  await expect(number).toHaveValue(used);
  await expect(customer.getByLabel('Denumire client', { exact: true })).toHaveValue('Atelier Mobila Cluj SRL');
  await expect(customer.getByRole('combobox', { name: 'Judet' })).toHaveValue('Cluj');
  await expect(customer.getByRole('combobox', { name: 'Localitate' })).toHaveValue('Cluj-Napoca');
  await expect(page.getByLabel('Denumire', { exact: true })).toHaveValue('Mobilier de birou');
  await expect(invoice.getByLabel('Curs RON', { exact: true })).toHaveValue('4,9764');

  // Another number: sent, and listed with its currency.
  const other = uniqueNumber();
  await number.fill(other);
  await expect(invoice.getByText('Seria si numarul au fost deja folosite pentru o alta factura a firmei: alegeti alt numar.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Trimite factura' }).click();
  await expect(page).toHaveURL(/\/system-invoices\/sent\/list/, { timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Facturi trimise' });
  const row = table.getByRole('row').filter({ hasText: `DE ${other}` });
  await expect(row).toContainText('Atelier Mobila Cluj SRL');
  // 3 x 399,31 = 1.197,93 EUR without VAT, 251,57 EUR VAT at 21%.
  await expect(row).toContainText('1.197,93 EUR');
  await expect(row).toContainText('251,57 EUR');
  await expect(row).toContainText('1.449,50 EUR');
  // Every amount column fits at 1440 px: nothing to scroll sideways for.
  expect(await page.getByRole('region', { name: 'Tabelul facturilor trimise' }).evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
  await expectAccessible(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotAtWidths(page, 'einvoice-sent-currency');
  // On a phone the card states the total in its currency too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Facturi trimise' }).getByText('1.449,50 EUR').first()).toBeVisible();
});
