import type { ServerResponse } from 'node:http';
import { loadConfig } from './config.js';
import { createServer } from './server.js';

const config = loadConfig();
const server = await createServer(config);
const { app } = server;

/*
 * The answers in flight when a shutdown starts end their keep-alive connections
 * (Connection: close), so closing does not wait for clients to drop idle connections
 * (Fastify keeps them for 72 s); requests arriving later are answered that way by Fastify.
 */
const inFlight = new Set<ServerResponse>();
app.server.on('request', (_req, res: ServerResponse) => {
  inFlight.add(res);
  res.once('close', () => inFlight.delete(res));
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, 20_000);
  force.unref();
  try {
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    await server.close();
    app.log.info('stopped: requests finished, jobs stopped, database closed');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

const address = await app.listen({ port: config.port, host: config.host });
app.log.info(`Colete Online listening on ${address} (database: ${server.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
// A line for scripts that start the server on port 0 and need to know where it went.
if (process.env.PRINT_LISTEN_URL === '1') process.stdout.write(`LISTENING ${address.replace('0.0.0.0', '127.0.0.1')}\n`);
