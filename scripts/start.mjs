// npm start: installs what is missing, builds the web app and the server, then serves both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args) => {
  const res = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Installing npm packages (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
console.log('Building the web app and the server...');
run('npm', ['run', 'build', '--silent']);

const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
