import { DOMAIN_TXT_LABEL, type DomainCheckError, type DomainStatus } from '@livent/shared';
import type { CaaRecord } from 'node:dns';
import { DnsLookupError, normalizeName, type DnsLookup } from '../../lib/dns/resolver.js';

/** What a DNS check found: a status, or (`error`) that it could not decide. */
export type CheckOutcome =
  | { status: Exclude<DomainStatus, 'disabled'>; detail: string | null; error: null }
  | { status: null; detail: null; error: DomainCheckError };

export interface CheckInput {
  name: string;
  token: string;
  /** The hostname the CNAME must point at (CUSTOM_DOMAIN_TARGET). */
  target: string;
  /** Certificate authorities that may issue for us (CUSTOM_DOMAIN_CAA_ISSUERS). */
  caaIssuers: readonly string[];
  /**
   * Whether the ownership record must be there: until the domain is first active. Afterwards
   * the pointing record keeps proving control (ADR 030), so a TXT record removed after the
   * activation does not take the domain down.
   */
  requireTxt: boolean;
}

/** The name of the ownership record of a domain. */
export const txtRecordName = (name: string): string => `${DOMAIN_TXT_LABEL}.${name}`;

const listed = (values: readonly string[]): string | null =>
  values.length > 0 ? values.join(', ').slice(0, 500) : null;

/**
 * Checks a domain's DNS in the order of docs/decisions/030-custom-domains.md, the first failing
 * step naming the status: no CNAME (nor A/AAAA) → pending; pointing elsewhere → wrong_target;
 * ownership TXT absent or different → txt_missing; a CAA set that names none of our issuers →
 * caa_blocked; else active. A timeout or a failing server decides nothing.
 */
export async function checkDomain(dns: DnsLookup, input: CheckInput): Promise<CheckOutcome> {
  try {
    const pointing = await checkPointing(dns, input);
    if (pointing) return pointing;
    if (input.requireTxt) {
      const values = (await dns.txt(txtRecordName(input.name))).map((value) => value.trim());
      if (!values.includes(input.token)) {
        return { status: 'txt_missing', detail: listed(values), error: null };
      }
    }
    const issuers = await caaIssuersBlocking(dns, input);
    if (issuers !== undefined) return { status: 'caa_blocked', detail: issuers, error: null };
    return { status: 'active', detail: null, error: null };
  } catch (error) {
    if (error instanceof DnsLookupError) return { status: null, detail: null, error: error.kind };
    throw error;
  }
}

/**
 * A CNAME to the target, or (at a zone apex, where a CNAME cannot be) A/AAAA records that are all
 * among the target's own addresses. Undefined when the name points at us.
 */
async function checkPointing(dns: DnsLookup, input: CheckInput): Promise<CheckOutcome | undefined> {
  const target = normalizeName(input.target);
  const aliases = await dns.cname(input.name);
  if (aliases.length > 0) {
    if (aliases.includes(target)) return undefined;
    return { status: 'wrong_target', detail: listed(aliases), error: null };
  }
  const addresses = await dns.addresses(input.name);
  if (addresses.length === 0) return { status: 'pending', detail: null, error: null };
  const ours = new Set(await dns.addresses(target));
  if (addresses.every((address) => ours.has(address))) return undefined;
  return { status: 'wrong_target', detail: listed(addresses), error: null };
}

/**
 * RFC 8659: the relevant CAA set is the first one found climbing from the name towards the root.
 * Blocking when that set has `issue` properties and none names one of our issuers, or when it has
 * a critical property we do not understand. Answers the issuers it names (for the user), or
 * undefined when issuance is allowed.
 */
async function caaIssuersBlocking(dns: DnsLookup, input: CheckInput): Promise<string | undefined> {
  const labels = input.name.split('.');
  for (let start = 0; start < labels.length; start += 1) {
    const records = await dns.caa(labels.slice(start).join('.'));
    if (records.length > 0) return blockingIssuers(records, input.caaIssuers);
  }
  return undefined;
}

const KNOWN_CAA_TAGS = new Set(['issue', 'issuewild', 'iodef', 'contactemail', 'contactphone']);

export function blockingIssuers(
  records: readonly CaaRecord[],
  allowed: readonly string[],
): string | undefined {
  const unknownCritical = records.some(
    (record) => record.critical > 0 && !Object.keys(record).some((key) => KNOWN_CAA_TAGS.has(key)),
  );
  const issues = records.flatMap((record) => (record.issue === undefined ? [] : [record.issue]));
  // The issuer's domain comes before any parameters (`letsencrypt.org; validationmethods=…`);
  // an empty one (`;`) forbids every issuer.
  const issuers = issues.map((value) => value.split(';')[0]!.trim().toLowerCase());
  if (!unknownCritical) {
    if (issues.length === 0) return undefined;
    if (issuers.some((issuer) => allowed.includes(issuer))) return undefined;
  }
  return listed(issuers.map((issuer) => issuer || ';')) ?? ';';
}
