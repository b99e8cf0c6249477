/**
 * The live page's public face (ADR 037, ADR 057): the log of what open pages are told, how a
 * writer wakes their streams after its commit, and the streams themselves.
 */
export { appendPageEntry, type PageEntry, type PageNotifier } from './page-log.js';
export { PageFeed, isForPage, pageEntriesSince, type PageLogEntry } from './page-feed.js';
export {
  MAX_PAGE_STREAMS_PER_ADDRESS,
  PageStreams,
  type MessageChanges,
  type PageStreamsOptions,
  type PageTarget,
} from './page-streams.js';
