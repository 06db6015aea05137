import { z } from './zod.js';
import { ACCOUNT_TYPES } from './constants.js';

export const ZClientSearchQuery = z.object({ search: z.string().trim().max(100).default('') });

export const ZClientSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
});
export type TClientSummary = z.infer<typeof ZClientSummary>;

export const ZClientSearchResponse = z.object({ success: z.literal(true), list: z.array(ZClientSummary) });
