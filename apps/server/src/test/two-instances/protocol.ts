import type { BuildAppOptions } from '../../app.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { MailWorkerOptions } from '../../lib/mailer/worker.js';
import type { MessageStreamsOptions } from '../../modules/messages/live/message-streams.js';

/** What a test instance is built with (./host.ts), sent as JSON to its host. */
export interface InstanceOptions {
  /**
   * Environment-style configuration, as `testConfig` takes it (DATABASE_URL included); `null`
   * stands for a variable the test unset (`undefined`, which JSON would drop).
   */
  config: Record<string, string | null>;
  /** The injected clock's time at the start; absent: the system clock. */
  now?: string;
  abuseLimits?: AbuseLimits;
  passwordHashing?: BuildAppOptions['passwordHashing'];
  mailWorker?: Partial<MailWorkerOptions>;
  messageStreams?: MessageStreamsOptions;
  pageStreams?: BuildAppOptions['pageStreams'];
  stats?: BuildAppOptions['stats'];
}

/** The control URLs of the hosts the global setup started, as Vitest provides them to tests. */
export const HOSTS_KEY = 'twoInstanceHosts';

declare module 'vitest' {
  export interface ProvidedContext {
    [HOSTS_KEY]: string[];
  }
}
/** The test clock's time (ISO) when the request was sent; the instance's clock follows it. */
export const NOW_HEADER = 'x-livent-test-now';
/** The client address `inject`'s `remoteAddress` would have given the request. */
export const REMOTE_ADDRESS_HEADER = 'x-livent-test-remote-address';
