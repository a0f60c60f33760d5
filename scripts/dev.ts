import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** `npm run dev`: the API server restarting on change (tsx watch) and Vite's dev server proxying API calls to it. */
const root = join(import.meta.dirname, '..');
const env = { ...process.env, DEMO: process.env.DEMO ?? '1' };
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/server.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: root, env, stdio: 'inherit' }),
];

function stop(code: number): void {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
