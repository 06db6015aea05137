import { DEMO, expect, expectAccessible, ownServer, screenshot, signIn, test } from './support/fixtures';

/**
 * Watching a parcel travel: this file's tests run in a worker whose server's courier simulator
 * takes 3 seconds a step (COURIER_SIM_SPEED=0.05), so the journey that takes days on the demo
 * server takes seconds.
 */
ownServer({ COURIER_SIM_SPEED: '0.05' });

const draft = {
  sender: { contactName: 'Ana Expeditor', contactPhone: '+40722000001', countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114', street: 'Memorandumului', number: '28' },
  recipient: { contactName: 'Ion Urmarit', contactPhone: '+40733000777', countyCode: 'B', city: 'Sectorul 1', postalCode: '010093', street: 'Calea Victoriei', number: '120' },
  packages: [{ type: 'parcel', weight: 2, length: 30, width: 20, height: 15 }],
  content: 'Carti',
  clientReference: 'URMARIRE-1',
  options: { cod: { active: false, amount: 0 }, insurance: { active: false, amount: 0 }, openAtDelivery: false, saturdayDelivery: false },
};

test('a client watches the status advance from the AWB to delivery, and the recipient gets the pick-up SMS', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.client);

  // Activated through the same calls the new-shipment page makes (that page has its own test).
  const offers = await (await page.request.post('/api/shipments/offers', { data: draft })).json();
  const standard = offers.offers.find((o: { type: string; errors: string[] }) => o.type === 'standard' && o.errors.length === 0);
  const created = await page.request.post('/api/shipments', { data: { ...draft, serviceId: standard.serviceId, requestKey: `track${Date.now()}`, activate: true } });
  expect(created.status()).toBe(200);
  const { uniqueId, awb } = (await created.json()).shipment as { uniqueId: string; awb: string };

  await page.goto(`/profile/details/order/${uniqueId}`);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByText('AWB generat, asteapta preluarea')).toBeVisible();

  // The tracking dialog asks the courier again each time it opens: picked up within seconds.
  const tracking = page.getByRole('dialog', { name: 'Urmarire comanda' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Urmareste coletul' }).click();
    try {
      await expect(tracking.getByText('Coletul a fost ridicat de curier')).toBeVisible({ timeout: 1_000 });
    } finally {
      await tracking.getByRole('button', { name: 'Inchide' }).click();
    }
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await page.reload();
  await expect(status.getByText(/Preluata de curier|In tranzit|In livrare/)).toBeVisible();

  // Later: out for delivery, then the journey's end, recorded by the tracking job of every minute
  // (run here through its queue at each look rather than waited for).
  await expect(async () => {
    expect((await page.request.post('/api/test/jobs/shipments-tracking', { data: {} })).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Istoric comanda' }).getByText('Coletul a fost predat curierului pentru livrare')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await page.getByRole('button', { name: 'Urmareste coletul' }).click();
  await expect(tracking.getByText(`AWB ${awb}`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'shipment-tracking-advanced');
  await tracking.getByRole('button', { name: 'Inchide' }).click();

  // The pick-up SMS to the recipient, as the SMS settings promise (on by default), is in the outbox.
  await page.goto('/profile/settings/notify/outbox');
  const sms = page.getByRole('row').filter({ hasText: 'SMS preluare colet' }).filter({ hasText: '+40733000777' });
  await expect(sms).toHaveCount(1);
  await expect(sms).toContainText('Colete Online: coletul de la Ana Expeditor a fost preluat de');
  await expectAccessible(page);
  await screenshot(page, 'outbox-sms');
  await sms.click();
  const message = page.getByRole('dialog');
  await expect(message.getByLabel('Textul SMS-ului')).toContainText(`AWB ${awb}. Va fi livrat in Sectorul 1.`);
  await message.getByRole('button', { name: 'Inchide' }).click();
});
