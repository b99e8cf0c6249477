// GET /api/health on the real server against a bare node:http server sending the same bytes,
// side by side in one run (docs/architecture.md, "Performance budgets").
import { compare, report } from './lib/load.js';
import { startBareServer, startLivent } from './lib/processes.js';

const livent = await startLivent();
try {
  const sample = await fetch(`${livent.url}/api/health`);
  const bare = await startBareServer(
    await sample.text(),
    sample.headers.get('content-type') ?? 'application/json',
  );
  try {
    const result = await compare(bare.url, `${livent.url}/api/health`);
    report('GET /api/health (50 connections)', result);
    if (result.target.non2xx > 0 || result.target.errors > 0) {
      console.log('  warning: the server answered with errors during the run');
      process.exitCode = 1;
    }
  } finally {
    await bare.stop();
  }
} finally {
  await livent.stop();
}
