import { startServer } from './server';

/**
 * Starts the built server on a free port with a fresh in-memory database and the demo data; the
 * tests read its address from E2E_BASE_URL. Returns the teardown.
 */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return server.stop;
}
