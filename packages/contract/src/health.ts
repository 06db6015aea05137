import { z } from 'zod';

export const ZHealthResponse = z.object({ success: z.literal(true), database: z.literal('ok') });
