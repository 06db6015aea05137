import type { FastifyInstance } from 'fastify';
import type { Database } from '../../apps/server/src/db/client.js';

/** One HTTP request the load generator sends; a plain string is a GET of that path. */
export type BenchRequest =
  | string
  | {
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      path: string;
      headers?: Record<string, string>;
      body?: string;
      /** A mixed load's part: its server times are summed and judged per route (the load scenario). */
      route?: string;
    };

export type ScenarioContext = {
  /** The real app, ready and listening: prepare may call it (app.inject), e.g. to sign in. */
  app: FastifyInstance;
  database: Database;
  /** Seeded, so every run sends the same requests. */
  random: () => number;
};

export type Prepared = {
  /** Rotated through in order by all connections together (each request takes the next one). */
  requests: BenchRequest[];
  /** Sent with every request (a session cookie, say). */
  headers?: Record<string, string>;
};

export type Scenario = {
  name: string;
  description: string;
  /** Server-side p95 target in ms; without one the scenario is measured, not judged. */
  targetP95Ms?: number;
  /** The target holds on this database only (measured, not judged, on the other). */
  targetOn?: 'PGlite' | 'PostgreSQL';
  /** Runs on this database only (skipped on the other: data too large for the embedded PGlite). */
  onlyOn?: 'PGlite' | 'PostgreSQL';
  /** Run only when named (`npm run bench -- load`): its preparation is long. */
  onlyWhenNamed?: boolean;
  /** Its own connections and times instead of the bench's (the load scenario's 200 sessions for 60 s). */
  load?: { connections: number; warmupSec: number; durationSec: number; thinkMs?: { min: number; max: number } };
  /** The scenario every other one's requests/second is divided by (one per registry). */
  baseline?: boolean;
  /** Extra routes on the app, registered before it is ready (the bare baseline route, say). */
  routes?: (app: FastifyInstance) => void;
  /** Fills the data it needs (outside the timing) and returns the requests to rotate through. */
  prepare: (ctx: ScenarioContext) => Promise<Prepared>;
};
