import { describe, expect, it } from 'vitest';
import {
  isAllowedAddress,
  namesInternalAddress,
  NOTHING_ALLOWED,
  parseOutboundAllowList,
} from './address-policy.js';

/** The host a URL names, as the outbound client sees it after WHATWG URL parsing. */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');

describe('the outbound address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['10.1.2.3', 'private (RFC 1918)'],
    ['172.16.0.1', 'private (RFC 1918)'],
    ['192.168.1.1', 'private (RFC 1918)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['100.64.0.1', 'shared carrier-grade NAT'],
    ['fd00::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:0:7f00:1', 'SIIT-translated loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::a00:1', 'IPv4-compatible private'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 link-local'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2001::1', 'Teredo'],
    ['fec0::1', 'deprecated site-local'],
  ])('refuses %s (%s)', (address) => {
    expect(isAllowedAddress(address, 'idp.example.com', NOTHING_ALLOWED)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('admits the public address %s', (address) => {
    expect(isAllowedAddress(address, 'idp.example.com', NOTHING_ALLOWED)).toBe(true);
  });

  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::]/', '::'],
    ['http://0.0.0.0/', '0.0.0.0'],
  ])('sees %s as %s, and refuses it', (url, host) => {
    expect(hostOf(url)).toBe(host);
    expect(isAllowedAddress(hostOf(url), hostOf(url), NOTHING_ALLOWED)).toBe(false);
    expect(namesInternalAddress(new URL(url), NOTHING_ALLOWED)).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(isAllowedAddress('idp.example.com', 'idp.example.com', NOTHING_ALLOWED)).toBe(false);
    expect(isAllowedAddress('', 'idp.example.com', NOTHING_ALLOWED)).toBe(false);
  });
});

describe('the operator allow-list', () => {
  const { allow } = parseOutboundAllowList('10.0.0.0/8, 127.0.0.1, fd00::/8, IdP.Internal');

  it('admits addresses within its networks, mapped forms included', () => {
    expect(isAllowedAddress('10.20.30.40', 'any.example.com', allow)).toBe(true);
    expect(isAllowedAddress('::ffff:10.20.30.40', 'any.example.com', allow)).toBe(true);
    expect(isAllowedAddress('127.0.0.1', 'any.example.com', allow)).toBe(true);
    expect(isAllowedAddress('fd12::1', 'any.example.com', allow)).toBe(true);
  });

  it('admits any address of a listed host name, and only of that name', () => {
    expect(isAllowedAddress('192.168.7.7', 'idp.internal', allow)).toBe(true);
    expect(isAllowedAddress('192.168.7.7', 'IDP.internal.', allow)).toBe(true);
    expect(isAllowedAddress('192.168.7.7', 'other.internal', allow)).toBe(false);
    expect(isAllowedAddress('127.0.0.2', 'any.example.com', allow)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', 'any.example.com', allow)).toBe(false);
  });

  it('lets saving accept an issuer it admits', () => {
    expect(namesInternalAddress(new URL('https://127.0.0.1:8443'), allow)).toBe(false);
    expect(namesInternalAddress(new URL('https://10.0.0.5'), allow)).toBe(false);
    expect(namesInternalAddress(new URL('https://192.168.0.5'), allow)).toBe(true);
    expect(namesInternalAddress(new URL('https://localhost'), NOTHING_ALLOWED)).toBe(true);
    expect(namesInternalAddress(new URL('https://login.example.com'), NOTHING_ALLOWED)).toBe(false);
  });

  it('reports the entries it does not understand', () => {
    expect(parseOutboundAllowList('10.0.0.0/40, bad host, ok.example').invalid).toEqual([
      '10.0.0.0/40',
      'bad host',
    ]);
  });
});
