import { messages } from '@colete/contract';

/** An error a client may see: HTTP status, Romanian message, optional code and field errors. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string>,
    /** Findings that concern no field (the official rules' on an e-invoice): sent as `findings`. */
    readonly findings?: { id: string; text: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = messages.common.invalidData, code?: string, errors?: Record<string, string>) =>
  new AppError(400, message, code, errors);
export const unauthorized = (message: string = messages.common.unauthorized) => new AppError(401, message, 'unauthorized');
export const forbidden = (message: string = messages.common.forbidden) => new AppError(403, message, 'forbidden');
/** Missing and not-yours answer the same, so ids leak nothing. */
export const notFound = (message: string = messages.common.notFound) => new AppError(404, message, 'notFound');
export const conflict = (message: string, code?: string, errors?: Record<string, string>) => new AppError(409, message, code, errors);
export const tooManyRequests = (message: string = messages.common.tooManyRequests) => new AppError(429, message, 'tooManyRequests');

/**
 * Runs work whose field errors name fields of a nested part of the request: they come back under
 * that part's path (an address's `city` becomes `address.city` or `recipient.city`).
 */
export async function underPath<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof AppError) || !err.errors) throw err;
    throw new AppError(err.statusCode, err.message, err.code, Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [`${prefix}.${k}`, v])));
  }
}
