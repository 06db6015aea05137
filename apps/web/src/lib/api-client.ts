import { messages } from '@colete/contract';

/** A failed call: HTTP status, the server's Romanian message, optional code and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every call to the server goes through here: same-origin cookie, JSON in and out, errors as ApiError. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, messages.common.genericError, 'network');
  }
  const data = (await response.json().catch(() => null)) as
    | (T & { success?: boolean; message?: string; code?: string; errors?: Record<string, string> })
    | null;
  if (!response.ok || !data || data.success === false) {
    throw new ApiError(response.status, data?.message ?? messages.common.genericError, data?.code, data?.errors);
  }
  return data;
}

export const apiErrorMessage = (error: unknown): string =>
  error instanceof ApiError ? error.message : messages.common.genericError;
