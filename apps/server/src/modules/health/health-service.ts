import type { Database } from '../../db/client.js';

/** Whether the server can serve: today, that its database answers. */
export function healthService(deps: { database: Database }) {
  return {
    /** Throws when the database does not answer. */
    async checkDatabase(): Promise<void> {
      await deps.database.executeSql('SELECT 1');
    },
  };
}
export type HealthService = ReturnType<typeof healthService>;
