import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiUrl, setActingClient } from './api-client';
import { downloadFile } from './download-file';

/** Answers every call with success; returns the addresses fetch was asked for, in order. */
function stubFetch() {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
}

describe('the api client adds the acting client', () => {
  let urls: () => string[];
  beforeEach(() => {
    urls = stubFetch();
  });
  afterEach(() => {
    setActingClient(null);
    vi.unstubAllGlobals();
  });

  it('adds nothing when nobody was selected (a client, or an admin acting for themselves)', async () => {
    await api('GET', 'user/profile');
    await api('POST', 'address/all', { page: 1 });
    await api('GET', 'shipments?from=2026-01-01&to=2026-01-31&page=1');
    expect(urls()).toEqual(['/api/user/profile', '/api/address/all', '/api/shipments?from=2026-01-01&to=2026-01-31&page=1']);
  });

  it("adds selectedClient to every client-scoped call once an admin selected a client, in the query of any method", async () => {
    setActingClient(42);
    await api('GET', 'user/profile');
    await api('POST', 'address/all', { page: 1 });
    await api('DELETE', '/address/7');
    await api('GET', 'shipments?from=2026-01-01&to=2026-01-31&page=1');
    await api('GET', 'user/pick-up-points/list?displayDeleted=0');
    expect(urls()).toEqual([
      '/api/user/profile?selectedClient=42',
      '/api/address/all?selectedClient=42',
      '/api/address/7?selectedClient=42',
      '/api/shipments?from=2026-01-01&to=2026-01-31&page=1&selectedClient=42',
      '/api/user/pick-up-points/list?displayDeleted=0&selectedClient=42',
    ]);
  });

  it("leaves it off the calls that are the admin's own: the session, the admin lists, the public return page, lookups, the password", async () => {
    setActingClient(42);
    await api('POST', 'auth/login', {});
    await api('POST', 'auth/logout');
    await api('POST', 'auth/register', {});
    await api('GET', 'auth/me');
    await api('GET', 'admin/clients?search=ana');
    await api('GET', 'admin/pick-up-points?page=1&perPage=20');
    await api('GET', 'order/return/abc');
    await api('POST', 'order/return/abc', {});
    await api('GET', 'search/counties/ro');
    await api('POST', 'user/change-password', {});
    expect(urls().filter((u) => u.includes('selectedClient'))).toEqual([]);
  });

  it('stops adding it when the admin clears the selection', async () => {
    setActingClient(42);
    await api('GET', 'user/profile');
    setActingClient(null);
    await api('GET', 'user/profile');
    expect(urls()).toEqual(['/api/user/profile?selectedClient=42', '/api/user/profile']);
  });
});

describe('download addresses get the acting client from the same place', () => {
  afterEach(() => {
    setActingClient(null);
    vi.unstubAllGlobals();
  });

  it('downloadFile fetches the label with the acting client', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    setActingClient(9);
    await expect(downloadFile('/api/order-auth/print/AB12/A4', 'eticheta.pdf')).rejects.toThrow();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/order-auth/print/AB12/A4?selectedClient=9');
  });

  it("takes the server's own /api/ links (an invoice's pdfUrl, a label) as they are", () => {
    expect(apiUrl('/api/user/invoices/5/pdf')).toBe('/api/user/invoices/5/pdf');
    setActingClient(9);
    expect(apiUrl('/api/user/invoices/5/pdf')).toBe('/api/user/invoices/5/pdf?selectedClient=9');
    expect(apiUrl('/api/order-auth/print/AB12/A4')).toBe('/api/order-auth/print/AB12/A4?selectedClient=9');
  });

  it('uses the client a component read when one is given (the links follow the render)', () => {
    setActingClient(9);
    expect(apiUrl('/api/user/invoices/5/pdf', null)).toBe('/api/user/invoices/5/pdf');
    expect(apiUrl('/api/user/invoices/5/pdf', 3)).toBe('/api/user/invoices/5/pdf?selectedClient=3');
  });
});
