// Latency probes that benches run while the server does heavy work (an import, a reminder round):
// each GET started on a fixed beat, so that a stall shows in every request that waited for it.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * The probes' connections, kept open: a new TCP connection for each probe would measure the
 * machine's connection handling (a dropped SYN waits seconds), not the server's answers.
 */
const probeAgent = new Agent({ keepAlive: true, maxSockets: 16 });

/**
 * One GET with a Host header of our choosing; answers the milliseconds from the call to the end
 * of the body (a wait for a free connection included).
 */
export function timedGet(url: string, host?: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: probeAgent, headers: host ? { host } : {} }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - start)
          : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  Number.NaN;

export interface Probe {
  url: string;
  host?: string;
}

/** A probe's answer: when it was started (performance.now()) and how long it took. */
export interface Sample {
  at: number;
  ms: number;
}

/**
 * Starts a GET of each probe every 20 ms, whether the last one answered or not, until `work`
 * settles; answers each probe's samples.
 */
export async function samplesDuring(
  work: Promise<unknown>,
  probes: Record<string, Probe>,
): Promise<Record<string, Sample[]>> {
  const samples: Record<string, Sample[]> = {};
  const pending: Promise<void>[] = [];
  let settled = false;
  const done = work.finally(() => (settled = true));
  while (!settled) {
    for (const [name, { url, host }] of Object.entries(probes)) {
      const at = performance.now();
      pending.push(timedGet(url, host).then((ms) => void (samples[name] ??= []).push({ at, ms })));
    }
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 20))]);
  }
  await done;
  await Promise.all(pending);
  return samples;
}

/** {@link samplesDuring}, the latencies alone. */
export async function latenciesDuring(
  work: Promise<unknown>,
  probes: Record<string, Probe>,
): Promise<Record<string, number[]>> {
  const samples = await samplesDuring(work, probes);
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [name, list.map((sample) => sample.ms)]),
  );
}
