import type { CustomDomain } from '@livent/shared';

/** A domain as `GET /api/domains` answers it, pending until the fields say otherwise. */
export function testDomain(fields: Partial<CustomDomain> = {}): CustomDomain {
  const name = fields.name ?? 'events.example.com';
  return {
    id: 'd1',
    name,
    status: 'pending',
    statusDetail: null,
    checkError: null,
    disabledReason: null,
    isDefault: false,
    redirectUrl: null,
    shared: false,
    records: {
      cname: { name, value: 'pages.livent.test' },
      txt: { name: `_livent-challenge.${name}`, value: 'livent-verify=abc123' },
      caa: { name, value: '0 issue "letsencrypt.org"', issuer: 'letsencrypt.org' },
    },
    lastCheckedAt: '2026-11-24T09:00:00.000Z',
    nextCheckAt: '2026-11-24T09:02:00.000Z',
    activatedAt: null,
    createdAt: '2026-11-24T08:59:00.000Z',
    ...fields,
  };
}
