import { ZHealthResponse, messages } from '@colete/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import type { HealthService } from './health-service.js';

export const healthRoutes = (service: HealthService) => async (app: FastifyInstance) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: ZHealthResponse } } },
    async (req) => {
      try {
        await service.checkDatabase();
      } catch (err) {
        req.log.error({ err }, 'health check: database does not answer');
        throw new AppError(503, messages.common.serverError, 'databaseUnavailable');
      }
      return { success: true as const, database: 'ok' as const };
    },
  );
};
