import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { canonicalAddress, createClientAddress, parseTrustProxy, rateKey } from './client-address';

/** What node:http hands over: a socket's peer and the headers as read (a repeated header as a list). */
const request = (peer: string | undefined, forwarded?: string | string[]) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

const clientBehind = (setting: string, peer: string | undefined, forwarded?: string | string[]) =>
  createClientAddress(parseTrustProxy(setting)!)(request(peer, forwarded));

describe('client address', () => {
  test('one spelling per address: leading zeros are decimal, IPv4-mapped IPv6 is IPv4, IPv6 per RFC 5952', () => {
    for (const spelling of [
      '10.9.9.9',
      '010.9.9.9',
      '::ffff:a09:909',
      '::FFFF:10.9.9.9',
      '::ffff:010.009.9.9',
    ])
      expect(canonicalAddress(spelling), spelling).toBe('10.9.9.9');
    expect(canonicalAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalAddress('fe80::1%eth0')).toBe('fe80::1');
    for (const junk of ['', 'nonsense', '256.1.1.1', '10.1', '0xa.9.9.9', '167772160', '1.2.3.4.5', ':::'])
      expect(canonicalAddress(junk), junk).toBeNull();
  });

  test('a limiter counts IPv4 whole and IPv6 by its /64', () => {
    expect(rateKey('010.9.9.9')).toBe('10.9.9.9');
    expect(rateKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(rateKey('2001:0DB8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(rateKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(rateKey('2001:db8:1:3::1')).not.toBe(rateKey('2001:db8:1:2::1'));
  });

  test('TRUST_PROXY: false, true (one hop), a hop count, or a list of addresses, ranges and keywords', () => {
    for (const off of ['', 'false', 'FALSE', '0', 'no', 'off'])
      expect(parseTrustProxy(off)).toEqual({ kind: 'hops', hops: 0 });
    for (const one of ['true', '1', 'yes', 'on'])
      expect(parseTrustProxy(one)).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('3')).toEqual({ kind: 'hops', hops: 3 });
    expect(parseTrustProxy('loopback, 10.0.0.0/8, 2001:db8::/32, 192.0.2.1')).toMatchObject({
      kind: 'ranges',
    });
    for (const bad of [
      '21',
      'maybe',
      '10.0.0.0/33',
      '10.0.0.0/8/1',
      '1,',
      'loopback;private',
      '2001:db8::/129',
    ])
      expect(parseTrustProxy(bad), bad).toBeNull();
  });

  test('X-Forwarded-For is walked from the right, past trusted proxies only', () => {
    // Nothing trusted: the socket, in its one spelling, whatever the header says.
    expect(clientBehind('false', '::ffff:127.0.0.1', '203.0.113.7')).toBe('127.0.0.1');
    // One hop: the entry our proxy appended, not what the client wrote before it.
    expect(clientBehind('true', '127.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(clientBehind('2', '127.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
    // More hops trusted than there are entries: the left-most entry is the best there is.
    expect(clientBehind('3', '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    // A list: every proxy of ours is skipped, the first address that is not one is the client.
    expect(clientBehind('loopback, 10.0.0.0/8', '::1', '6.6.6.6, 203.0.113.7, 10.1.1.1, 10.2.2.2')).toBe(
      '203.0.113.7',
    );
    // A peer that is not ours is the client even with a header.
    expect(clientBehind('10.0.0.0/8', '198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
    // Several headers are one list, in order; entries may carry ports.
    expect(clientBehind('1', '127.0.0.1', ['6.6.6.6', '[2001:DB8::1]:4711'])).toBe('2001:db8::1');
    expect(clientBehind('1', '127.0.0.1', '203.0.113.7:4711')).toBe('203.0.113.7');
    // Junk where the client should be: the proxy that passed it on, the last address known true.
    expect(clientBehind('loopback, 10.0.0.0/8', '127.0.0.1', 'nonsense, 10.1.1.1')).toBe('10.1.1.1');
    expect(clientBehind('1', '127.0.0.1', '')).toBe('127.0.0.1');
    // No socket address (a connection already gone): an empty one, never a header's.
    expect(clientBehind('1', undefined, '203.0.113.7')).toBe('');
  });
});
