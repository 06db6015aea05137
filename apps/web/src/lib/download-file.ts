import { apiUrl } from './api-client';

/**
 * Downloads a file the server produces (a label or invoice PDF) through fetch, so a failure can be
 * told to the user instead of leaving the browser on an error page. The file name is the server's
 * (Content-Disposition), else `fallbackName`. The address gets the acting client like any call.
 * Throws on any failure.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(apiUrl(url), { credentials: 'same-origin' });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) throw new Error(`download failed: ${response.status}`);
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
