import { ZLoginRequest } from '@colete/contract';
import { zodResolver } from '@hookform/resolvers/zod';

export const loginInputSchema = ZLoginRequest;

/** The sign-in form's validation, in its own chunk: the sign-in page shows before it arrives. */
export const loginResolver = zodResolver(loginInputSchema);
