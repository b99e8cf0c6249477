// `npm run dev`: the API server (tsx watch, restarts on change) and Vite (hot reload, proxies
// /api to the server) side by side. Open the Vite URL it prints (http://localhost:5173).
// Only here (and in the test harnesses) does the server offer its development aids: the dev
// mailbox and one-time links in the log (ADR 019).
import { spawn } from 'node:child_process';

const children = [
  {
    name: 'server',
    args: ['run', 'dev', '-w', 'apps/server'],
    env: { PUBLIC_URL: 'http://localhost:5173', LIVENT_DEV_TOOLS: '1' },
  },
  { name: 'web', args: ['run', 'dev', '-w', 'apps/web'], env: {} },
].map(({ name, args, env }) => {
  const child = spawn('npm', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n') + '\n';
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
