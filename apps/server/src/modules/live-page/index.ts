/**
 * The live page's public face (ADR 037, ADR 057): the log of what open pages are told, and how a
 * writer wakes their streams after its commit.
 */
export { appendPageEntry, type PageEntry, type PageNotifier } from './page-log.js';
