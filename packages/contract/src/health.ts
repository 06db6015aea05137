import { z } from './zod.js';

export const ZHealthResponse = z.object({ success: z.literal(true), database: z.literal('ok') });
