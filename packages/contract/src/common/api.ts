import { z } from '../zod.js';

/** Every JSON answer carries `success`; failures add a Romanian message and optional field errors. */
export const ZFieldErrors = z.record(z.string(), z.string());
export const ZErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional(),
  errors: ZFieldErrors.optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZSuccessResponse = z.object({ success: z.literal(true), message: z.string().optional() });
export type TSuccessResponse = z.infer<typeof ZSuccessResponse>;

/** Admins act for a client by passing selectedClient (and selectedCompany) in the query or body. */
export const ZActingQuery = z.object({
  selectedClient: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  selectedCompany: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
