/** The domains module's public face (ADR 037): the table that maps a host to its event. */
export type { DomainTable } from './domain-table.js';
