import { formatBani, referralsMessages as T } from '@colete/contract';
import { DEMO, expect, expectAccessible, ownServer, payWithCard, screenshotAtWidths, signIn, test, typeDay, uniqueEmail } from './support/fixtures';

/**
 * The referral programme (issue 27). This file's server moves parcels a step every 3 seconds
 * (COURIER_SIM_SPEED=0.05), so an invited client's shipments are delivered within the test; the
 * week's bonus job is run through its queue by the test servers' hook.
 */
ownServer({ COURIER_SIM_SPEED: '0.05' });

const draft = (i: number) => ({
  sender: { contactName: 'Ioan Invitat', contactPhone: '+40744100200', countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '28' },
  recipient: { contactName: `Client ${i}`, contactPhone: '+40733000888', countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: String(100 + i) },
  packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }],
  content: 'Carti',
  clientReference: `RECOMANDARE-${i}`,
  options: { cod: { active: false, amount: 0 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false },
});

test('the demo client shares the link and reads the stats; a bad range shows its message', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.client);
  await page.getByRole('navigation', { name: 'Navigare principala' }).getByRole('link', { name: 'Recomanda si castiga' }).click();
  await expect(page.getByRole('heading', { name: T.title, level: 1 })).toBeVisible();
  const link = await page.getByLabel(T.linkLabel).inputValue();
  expect(link).toMatch(/\/register\?ref=[A-Z0-9]{6,}$/);
  // The demo: two invited clients, bonus paid and to come.
  await expect(page.getByTestId('referral-invited')).toContainText('2');
  await expect(page.getByTestId('referral-collected')).not.toContainText('0,00 lei');
  await expect(page.getByRole('table', { name: T.amountsByDay })).toBeAttached();
  await expect(page.getByRole('heading', { name: T.usersByDay })).toBeVisible();

  // The share menu: copy (with its message), WhatsApp, Facebook, mail.
  await page.getByRole('button', { name: T.share }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: T.whatsapp })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  await expect(menu.getByRole('menuitem', { name: T.facebook })).toHaveAttribute('href', /facebook\.com\/sharer/);
  await expect(menu.getByRole('menuitem', { name: T.mail })).toHaveAttribute('href', /^mailto:/);
  await menu.getByRole('menuitem', { name: T.copy }).click();
  await expect(page.getByText(T.codeCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectAccessible(page);
  await screenshotAtWidths(page, 'referrals');

  // A start in the future, an end before the start: the specification's messages.
  const start = page.getByLabel(T.start);
  const end = page.getByLabel(T.end);
  await typeDay(start, '01.01.2099');
  await expect(page.getByText('Invalid start date')).toBeVisible();
  await typeDay(start, '10.01.2025');
  await typeDay(end, '05.01.2025');
  await expect(page.getByText('Invalid end date')).toBeVisible();
  await expect(page.getByText('Invalid start date')).toHaveCount(0);
  await expectAccessible(page);
  // The server answers the same to a bad range.
  const bad = await page.request.post('/api/user/referrals-info', { data: { start: '2025-01-10', end: '2025-01-05' } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors.end).toBe('Invalid end date');
});

test('a client registered through the link ships; the week’s job pays the referrer, seen in Sold > Bonus and the stats', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.client);
  const before = await (await page.request.post('/api/user/referrals-info', { data: { start: '2025-01-01', end: '2025-01-01' } })).json();
  await page.goto('/profile/client-referrals');
  const link = new URL(await page.getByLabel(T.linkLabel).inputValue());

  // The invited client, in a browser of their own: the code shows on the form.
  const invited = await (await browser.newContext({ baseURL: link.origin })).newPage();
  await invited.goto(`${link.pathname}${link.search}`);
  await expect(invited.getByText(`${T.registeringWithCode} ${link.searchParams.get('ref')}`)).toBeVisible();
  await invited.getByLabel('Denumire firma').fill('Invitat Prin Link SRL');
  await invited.getByLabel('Email').fill(uniqueEmail('invitat'));
  await invited.getByLabel('Telefon').fill('+40744100200');
  await invited.getByLabel('Parola', { exact: true }).fill('Parola123!');
  await invited.getByRole('button', { name: 'Creeaza cont' }).click();
  await expect(invited.getByRole('heading', { name: 'Setari' })).toBeVisible();

  // A top-up, then two shipments activated through the calls the new-shipment page makes.
  await invited.goto('/profile/prepay');
  await invited.getByRole('button', { name: '500,00 lei' }).click();
  await invited.getByRole('button', { name: 'Plateste cu cardul' }).click();
  await payWithCard(invited, '4242 4242 4242 4242');
  await expect(invited.getByRole('heading', { name: 'Plata a fost efectuata cu succes!' })).toBeVisible();
  const ids: string[] = [];
  for (const i of [1, 2]) {
    const offers = await (await invited.request.post('/api/shipments/offers', { data: draft(i) })).json();
    const standard = offers.offers.find((o: { type: string; errors: string[] }) => o.type === 'standard' && o.errors.length === 0);
    const created = await invited.request.post('/api/shipments', { data: { ...draft(i), serviceId: standard.serviceId, requestKey: `ref${i}${Date.now()}`, activate: true } });
    expect(created.status()).toBe(200);
    ids.push((await created.json()).shipment.uniqueId);
  }
  // Their journeys end within seconds; the tracking job (every minute) records them, run here
  // through its queue at each look rather than waited for.
  const ends = new Map<string, string>();
  await expect(async () => {
    expect((await page.request.post('/api/test/jobs/shipments-tracking', { data: {} })).status()).toBe(200);
    for (const id of ids) {
      const { shipment } = await (await invited.request.get(`/api/shipments/${id}`)).json();
      const last = shipment.history.at(-1)?.status as string;
      if (['delivered', 'refused', 'returned'].includes(last)) ends.set(id, last);
    }
    expect(ends.size).toBe(ids.length);
  }).toPass({ timeout: 120_000, intervals: [3_000] });
  expect([...ends.values()]).toContain('delivered');

  // The week's job, through its queue.
  const run = await page.request.post('/api/test/jobs/referral-bonus', { data: {} });
  expect(run.status()).toBe(200);
  const { weekStart } = await run.json();

  // Sold > Bonus: the week's movement.
  const bonus = await (await page.request.post('/api/user/balance/bonus', { data: {} })).json();
  const row = bonus.transactions.find((t: { description: string }) => t.description.startsWith(T.weekBonus) && t.description.includes(weekStart.split('-').reverse().join('.')));
  expect(row?.amount).toBeGreaterThan(0);
  await page.goto('/profile/balance/bonus');
  await expect(page.getByRole('cell', { name: row.description })).toBeVisible();
  await expectAccessible(page);
  await screenshotAtWidths(page, 'referrals-balance-bonus');

  // The stats: one more invited client, the bonus collected.
  await page.goto('/profile/client-referrals');
  await expect(page.getByTestId('referral-invited')).toContainText(String(before.numOfInvited + 1));
  await expect(page.getByTestId('referral-collected')).toContainText(formatBani(before.collectedAmount + row.amount));
  await expectAccessible(page);
  await screenshotAtWidths(page, 'referrals-after-week');
});
