import { commonMessages } from '@colete/contract';
import { ApiError, apiUrl } from './api-client';

/**
 * Downloads a file the server produces (a label or invoice PDF; with `body`, a POSTed export) through fetch, so a failure can be
 * told to the user instead of leaving the browser on an error page. The file name is the server's
 * (Content-Disposition), else `fallbackName`. The address gets the acting client like any call.
 * Throws an ApiError on any failure: the server's status and its message when it answered one in
 * JSON (a label that cannot exist, a format the courier does not print), else the generic text.
 */
export async function downloadFile(url: string, fallbackName: string, body?: unknown): Promise<void> {
  let response: Response;
  try {
    // With a body: a POST of JSON (an export asked with the screen's filters).
    const init: RequestInit = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    response = await fetch(apiUrl(url), { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, commonMessages.genericError, 'network');
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    const data = type.includes('json') ? ((await response.json().catch(() => null)) as { message?: unknown; code?: unknown } | null) : null;
    const message = typeof data?.message === 'string' && data.message ? data.message : commonMessages.genericError;
    throw new ApiError(response.status, message, typeof data?.code === 'string' ? data.code : undefined);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = named ? decodeURIComponent(named) : fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Let the browser start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
