import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { users } from './db/schema/users.js';
import type { Services } from './services.js';

export type UserRow = typeof users.$inferSelect;

/** Who a request acts for: the signed-in user, or the client an admin selected. */
export type Acting = { user: UserRow; client: UserRow; isAdminActing: boolean };

export type AppDeps = { config: Config; database: Database };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every service and integration of this process, built once (services.ts): the routes', the jobs' and the seeds'. */
    services: Services;
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
    acting: Acting | null;
  }
}
