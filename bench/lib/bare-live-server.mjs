// The floor of the viewer streams bench (ADR 029): bare node:http holding the same streams and
// sending the same kinds of frames, with just enough of Livent's routes for the bench to drive
// it (an account, a poll's creation and launch, reactions summed into one burst a second). What
// the bench measures here is what any Node.js server and the bench's own clients cost on this
// machine; Livent's figures beside it show what Livent adds. Plain JavaScript, run by node.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const streams = new Set();
let burst = {};
let seq = 0;

function publish(event, data) {
  seq += 1;
  const text = `id: ${seq}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  for (const stream of streams) stream.write(text);
}

setInterval(() => {
  if (Object.keys(burst).length === 0) return;
  const counts = burst;
  burst = {};
  publish('reactions', counts);
}, 1000);
setInterval(() => {
  for (const stream of streams) stream.write(': ping\n\n');
}, 15_000);

const json = (response, status, body) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** A launched poll as Livent's page receives it (a ViewerPoll), about the same bytes. */
const viewerPoll = (id) => ({
  id,
  kind: 'single',
  question: 'Which demo did you like best?',
  options: ['The dashboard', 'The control room', 'The polls'].map((text) => ({
    id: randomUUID(),
    text,
    correct: false,
  })),
  quiz: false,
  status: 'live',
  resultsShown: false,
  results: null,
});

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '/';
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    if (path === '/api/health') return json(response, 200, { status: 'ok' });
    if (path === '/api/auth/register') {
      return json(response, 201, {
        user: { id: randomUUID() },
        tokens: { access: { token: 'bare' } },
      });
    }
    if (/^\/api\/events\/[^/]+\/polls$/.test(path))
      return json(response, 201, { id: randomUUID() });
    const launch = /^\/api\/events\/[^/]+\/polls\/([^/]+)\/launch$/.exec(path);
    if (launch) {
      const poll = viewerPoll(launch[1]);
      publish('poll', poll);
      return json(response, 200, poll);
    }
    if (/^\/[^/]+\/_reactions$/.test(path)) {
      burst[body.reaction] = (burst[body.reaction] ?? 0) + body.count;
      return response.writeHead(204).end();
    }
    if (/^\/[^/]+\/_live(\?|$)/.test(path)) {
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.write('retry: 2000\n\n');
      streams.add(response);
      response.on('close', () => streams.delete(response));
      return;
    }
    json(response, 404, {});
  });
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
