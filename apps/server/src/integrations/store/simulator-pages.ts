/** The simulator's pages: the install consent page, the shop's app settings (where the app is uninstalled) and its orders (where one is cancelled). */

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(title: string, body: string) {
  return `<!doctype html><html lang="ro"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Simulator Shopify</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f1f1;color:#303030;margin:0;padding:24px 12px}
main{max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 20px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fff1c2;color:#5e4200;border-radius:6px;padding:2px 8px;font-size:13px;margin-bottom:12px}
.shop{font-size:14px;color:#4a4a4a;margin-bottom:4px;word-break:break-all}
h1{font-size:22px;margin:0 0 8px}p{line-height:1.45}
ul{padding-left:20px;margin:8px 0}li{margin:4px 0}
button{margin-top:12px;width:100%;font-size:17px;font-weight:600;padding:12px;border:0;border-radius:8px;background:#1a1a1a;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1a1a;border:1px solid #8a8a8a}
button.danger{background:#c70a24}
nav{display:flex;gap:16px;margin-bottom:12px;font-size:15px}
table{width:100%;border-collapse:collapse;font-size:15px}th,td{text-align:left;padding:8px 4px;border-bottom:1px solid #e3e3e3;vertical-align:middle}
td form button{margin:0;width:auto;font-size:14px;padding:6px 10px}.actions{display:flex;flex-wrap:wrap;gap:6px}.outage button{width:auto}
.table-wrap{overflow-x:auto}@media (max-width:480px){body{padding:12px 6px}main{padding:12px}table{font-size:13px}th,td{padding:6px 3px}td form button{font-size:13px;padding:5px 6px}th:nth-child(2),td:nth-child(2){display:none}}
</style></head><body><main>${body}</main></body></html>`;
}

const SCOPE_TEXT: Record<string, string> = {
  read_orders: 'sa vada comenzile magazinului',
  read_all_orders: 'sa vada si comenzile mai vechi de 60 de zile',
  read_merchant_managed_fulfillment_orders: 'sa vada comenzile de livrat din locatiile dumneavoastra',
  write_merchant_managed_fulfillment_orders: 'sa marcheze comenzile ca livrate si sa le mute intre locatii',
  read_products: 'sa vada produsele si variantele lor',
  read_locations: 'sa vada locatiile (depozitele) magazinului',
};

export type ConsentParams = { shop: string; clientId: string; scope: string; redirectUri: string; state: string };

export function consentPage(action: string, p: ConsentParams) {
  const hidden = Object.entries({ shop: p.shop, client_id: p.clientId, scope: p.scope, redirect_uri: p.redirectUri, state: p.state })
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
    .join('');
  const rights = p.scope
    .split(',')
    .filter(Boolean)
    .map((s) => `<li>${escapeHtml(SCOPE_TEXT[s] ?? s)}</li>`)
    .join('');
  return page(
    'Instalare aplicatie',
    `<span class="badge">Magazin de test: simulator Shopify</span>
    <div class="shop">${escapeHtml(p.shop)}</div>
    <h1>Instalati aplicatia Colete Online?</h1>
    <p>Aplicatia <strong>Colete Online</strong> cere acces la magazinul dumneavoastra, ca sa poata:</p>
    <ul>${rights}</ul>
    <form method="post" action="${action}">${hidden}
      <button type="submit" name="decision" value="allow">Instaleaza aplicatia</button>
      <button type="submit" name="decision" value="deny" class="secondary">Anuleaza</button>
    </form>`,
  );
}

export const invalidRequestPage = (why: string) =>
  page('Cerere invalida', `<span class="badge">Magazin de test: simulator Shopify</span><h1>Cerere de instalare invalida</h1><p>${escapeHtml(why)}</p>`);

/** The shop admin's navigation between its two simulated pages. */
const adminNav = (paths: { apps: string; orders: string }, shop: string) =>
  `<nav aria-label="Administrare magazin"><a href="${paths.apps}?shop=${encodeURIComponent(shop)}">Aplicatii</a><a href="${paths.orders}?shop=${encodeURIComponent(shop)}">Comenzi</a></nav>`;

export type AdminPaths = { apps: string; orders: string };

export function appsPage(paths: AdminPaths, shop: string, installed: boolean, notice?: string) {
  const action = paths.apps;
  const body = installed
    ? `<p>Aplicatia <strong>Colete Online</strong> este instalata in acest magazin.</p>
       <form method="post" action="${action}"><input type="hidden" name="shop" value="${escapeHtml(shop)}">
       <button type="submit" class="danger">Dezinstaleaza Colete Online</button></form>`
    : '<p>Nicio aplicatie instalata.</p>';
  return page(
    'Aplicatii',
    `<span class="badge">Magazin de test: simulator Shopify</span><div class="shop">${escapeHtml(shop)}</div>${adminNav(paths, shop)}<h1>Aplicatii instalate</h1>${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}${body}`,
  );
}

export type AdminOrderRow = { id: string; name: string; createdAt: string; customer: string; status: string; cancelled: boolean; held: boolean; holdable: boolean };

/** The shop's latest orders; each not yet cancelled can be cancelled (Shopify then sends orders/cancelled) and its fulfillment held or released; the shop's fulfillments can be made to fail for a while. */
export function ordersPage(paths: AdminPaths, shop: string, orders: AdminOrderRow[], outage: boolean, notice?: string) {
  const form = (action: string, label: string, text: string, orderId?: string, cls = 'secondary') =>
    `<form method="post" action="${paths.orders}"><input type="hidden" name="shop" value="${escapeHtml(shop)}">${orderId ? `<input type="hidden" name="order_id" value="${escapeHtml(orderId)}">` : ''}<input type="hidden" name="action" value="${action}"><button type="submit" class="${cls}" aria-label="${escapeHtml(label)}">${text}</button></form>`;
  const rows = orders
    .map((o) => {
      const actions = o.cancelled
        ? ''
        : [
            o.held ? form('release', `Deblocheaza expedierea comenzii ${o.name}`, 'Deblocheaza expedierea', o.id) : o.holdable ? form('hold', `Blocheaza expedierea comenzii ${o.name}`, 'Blocheaza expedierea', o.id) : '',
            form('cancel', `Anuleaza comanda ${o.name}`, 'Anuleaza comanda', o.id, 'danger'),
          ].join('');
      return `<tr><td><strong>${escapeHtml(o.name)}</strong></td><td>${escapeHtml(o.createdAt)}</td><td>${escapeHtml(o.customer)}</td><td>${escapeHtml(o.status)}</td><td><div class="actions">${actions}</div></td></tr>`;
    })
    .join('');
  // A simulated outage: the shop's fulfillments fail (Shopify's internal error) until it is stopped.
  const outageForm = outage
    ? `<p role="note">Pana simulata: magazinul refuza expedierile.</p>${form('outage-off', 'Opreste pana simulata', 'Opreste pana simulata')}`
    : form('outage-on', 'Simuleaza o pana la expedieri', 'Simuleaza o pana la expedieri');
  return page(
    'Comenzi',
    `<span class="badge">Magazin de test: simulator Shopify</span><div class="shop">${escapeHtml(shop)}</div>${adminNav(paths, shop)}<h1>Comenzi</h1>${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
    <div class="outage">${outageForm}</div>
    <div class="table-wrap"><table aria-label="Ultimele comenzi"><thead><tr><th>Comanda</th><th>Data</th><th>Client</th><th>Status</th><th><span hidden>Actiuni</span></th></tr></thead><tbody>${rows}</tbody></table></div>`,
  );
}
