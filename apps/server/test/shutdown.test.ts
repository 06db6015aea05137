import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');

describe('graceful shutdown', () => {
  it('on SIGTERM the server finishes, stops its jobs, closes the database and exits 0', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', DATABASE_URL: '', DEMO_SEED: 'false', JOBS: 'true', LOG_LEVEL: 'info', PRINT_LISTEN_URL: '1', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not listening: ${output}`)), 45_000);
      const poll = setInterval(() => {
        const m = output.match(/LISTENING (http:\/\/\S+)/);
        if (m) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve(m[1]!);
        }
      }, 50);
    });
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  }, 60_000);
});
