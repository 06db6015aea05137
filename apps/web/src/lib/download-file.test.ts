import { messages } from '@colete/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { downloadFile } from './download-file';

/** fetch answers the one Response given. */
function answer(response: Response) {
  vi.stubGlobal('fetch', vi.fn(async () => response));
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

describe("a failed download carries the server's answer", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a 409 with its message: the status, the message and the code', async () => {
    answer(json(409, { success: false, message: messages.shipments.labelCancelled, code: 'labelCancelled' }));
    const error = await downloadFile('/api/order-auth/print/AB12/A4', 'eticheta.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: messages.shipments.labelCancelled, code: 'labelCancelled' });
  });

  it('a 400 for a format the courier does not print', async () => {
    const text = messages.shipments.labelFormatUnsupported('A6', 'Rapid Carpati');
    answer(json(400, { success: false, message: text, code: 'formatUnsupported' }));
    await expect(downloadFile('/api/order-auth/print/AB12/A6', 'eticheta.pdf')).rejects.toMatchObject({ status: 400, message: text });
  });

  it('an answer without a readable message (an HTML error page, a cut body) gets the generic text', async () => {
    answer(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(downloadFile('/api/order-auth/print/AB12/A4', 'eticheta.pdf')).rejects.toMatchObject({ status: 502, message: messages.common.genericError });
    answer(new Response('{"success":', { status: 409, headers: { 'content-type': 'application/json' } }));
    await expect(downloadFile('/api/order-auth/print/AB12/A4', 'eticheta.pdf')).rejects.toMatchObject({ status: 409, message: messages.common.genericError });
  });

  it('JSON with a success status instead of the file is a failure too', async () => {
    answer(json(200, { success: false, message: 'Refuzat' }));
    await expect(downloadFile('/api/order-auth/print/AB12/A4', 'eticheta.pdf')).rejects.toMatchObject({ status: 200, message: 'Refuzat' });
  });

  it('a network failure is the generic text with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(downloadFile('/api/order-auth/print/AB12/A4', 'eticheta.pdf')).rejects.toMatchObject({ status: 0, message: messages.common.genericError });
  });
});
