import { DOMAIN_ACTIVATION_HOURS, type CustomDomain, type DomainStatus } from '@livent/shared';

/** The chip colour of a status: green serves, amber waits for the user, red must be fixed. */
export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'default';

export type StatusMessageKey =
  | 'pending'
  | 'pendingTimeout'
  | 'pendingLookupFailed'
  | 'wrongTarget'
  | 'wrongTargetUnknown'
  | 'txtMissing'
  | 'txtWrong'
  | 'caaBlocked'
  | 'caaBlockedUnknown'
  | 'active'
  | 'disabledPlan'
  | 'disabled';

export interface DomainStatusView {
  tone: StatusTone;
  /** `domains:status.<label>`: the chip's word. */
  label: DomainStatus;
  /** `domains:messages.<key>` with its parameters: what the status means and what to do. */
  message: { key: StatusMessageKey; params: Record<string, string | number> };
  /** The DNS records still have to be set (or corrected) by the user. */
  showRecords: boolean;
  /** The way back is a plan that includes custom domains. */
  upgrade: boolean;
}

const TONES: Record<DomainStatus, StatusTone> = {
  pending: 'info',
  wrong_target: 'error',
  txt_missing: 'warning',
  caa_blocked: 'error',
  active: 'success',
  disabled: 'default',
};

function messageOf(domain: CustomDomain): DomainStatusView['message'] {
  const { cname, txt } = domain.records;
  const found = domain.statusDetail;
  switch (domain.status) {
    case 'pending': {
      const hours = DOMAIN_ACTIVATION_HOURS;
      if (domain.checkError === 'timeout') return { key: 'pendingTimeout', params: { hours } };
      if (domain.checkError === 'lookup_failed') {
        return { key: 'pendingLookupFailed', params: { hours } };
      }
      return { key: 'pending', params: { hours } };
    }
    case 'wrong_target':
      return found
        ? { key: 'wrongTarget', params: { name: cname.name, found, target: cname.value } }
        : { key: 'wrongTargetUnknown', params: { name: cname.name, target: cname.value } };
    case 'txt_missing':
      return found
        ? { key: 'txtWrong', params: { name: txt.name, found } }
        : { key: 'txtMissing', params: { name: txt.name } };
    case 'caa_blocked':
      return found
        ? { key: 'caaBlocked', params: { found, issuer: domain.records.caa.issuer } }
        : { key: 'caaBlockedUnknown', params: { issuer: domain.records.caa.issuer } };
    case 'active':
      return { key: 'active', params: { name: domain.name } };
    case 'disabled':
      return domain.disabledReason === 'plan'
        ? { key: 'disabledPlan', params: {} }
        : { key: 'disabled', params: {} };
  }
}

/**
 * What a domain's status tells the user (docs/product-spec.md section 4, "Custom domain:
 * pending"): the chip, the reason in words they can act on, whether the records to set are
 * shown, and whether an upgrade is the fix.
 */
export function domainStatusView(domain: CustomDomain): DomainStatusView {
  return {
    tone: TONES[domain.status],
    label: domain.status,
    message: messageOf(domain),
    showRecords: domain.status !== 'active' && domain.status !== 'disabled',
    upgrade: domain.status === 'disabled' && domain.disabledReason === 'plan',
  };
}
