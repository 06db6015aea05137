import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * Starts the built server (apps/server/dist) on a free port with a fresh in-memory database and
 * the demo data, with `env` on top. Answers its address and a function that stops it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = path.resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      DEMO_SEED: 'true',
      JOBS: 'true',
      LOG_LEVEL: 'warn',
      PRINT_LISTEN_URL: '1',
      // The demo shop on Shopify Plus: the API tests cover the Standard bucket's throttle, and here
      // a screen reading many orders would mostly wait for the bucket to refill.
      STORE_SIM_PLAN: 'plus',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    // Loading the nomenclature and the demo data takes 40 s and more on a busy shared machine.
    const timer = setTimeout(() => reject(new Error('server did not start within 180 s')), 180_000);
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = buffer.match(/LISTENING (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
