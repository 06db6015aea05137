import { commonMessages } from '@colete/contract';

/** A failed call: HTTP status, the server's Romanian message, optional code and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string>,
    /** Findings that concern no field (the official rules' on an e-invoice). */
    readonly findings?: { id: string; text: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The client an admin acts for; null when the signed-in user acts for themselves. */
export type ActingClientId = number | null;

// Mirrored here by SelectedClientProvider (lib/selected-client.tsx): the data layer, not each call,
// knows whom the signed-in admin acts for.
let actingClient: ActingClientId = null;

export function setActingClient(id: ActingClientId) {
  actingClient = id;
}

export const getActingClient = (): ActingClientId => actingClient;

/**
 * Calls that never act for a selected client: the session itself (auth/*, change-password acts on
 * the admin's own account), the admin's own lists (admin/*), the public return page and the
 * address lookups. Every other /api call is scoped to the acting client by the server.
 */
const OWN_CALLS = /^(auth|admin|search|order\/return|health)(\/|\?|$)|^user\/change-password(\?|$)/;

/**
 * The address of an API call or download: '/api/<path>', with selectedClient=<id> in its query when
 * an admin acts for a client (the server reads it from the query of any method). `path` may start
 * with '/api/' (the server's own links, e.g. an invoice's pdfUrl) or not.
 */
export function apiUrl(path: string, acting: ActingClientId = actingClient): string {
  const relative = path.replace(/^\/?(api\/)?/, '');
  const url = `/api/${relative}`;
  if (acting === null || OWN_CALLS.test(relative)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}selectedClient=${acting}`;
}

/**
 * The admin calls about one client (admin/trigger-invoice, admin/payments): admin/* calls never get
 * the acting client added, so they name it themselves, as the specification's selectedClient.
 */
export const aboutClient = (clientId: number) => ({ selectedClient: clientId });
export const aboutClientQuery = (clientId: number) => new URLSearchParams({ selectedClient: String(clientId) }).toString();

/** Every call to the server goes through here: same-origin cookie, JSON in and out, errors as ApiError. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, commonMessages.genericError, 'network');
  }
  const data = (await response.json().catch(() => null)) as
    | (T & { success?: boolean; message?: string; code?: string; errors?: Record<string, string>; findings?: { id: string; text: string }[] })
    | null;
  if (!response.ok || !data || data.success === false) {
    throw new ApiError(response.status, data?.message ?? commonMessages.genericError, data?.code, data?.errors, data?.findings);
  }
  return data;
}

export const apiErrorMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : commonMessages.genericError;
