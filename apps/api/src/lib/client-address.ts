import type { IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';

// Who the client is, behind proxies or not (decision 039). Every limiter and every log asks this one
// module, so a proxy setting cannot make the public rate limit, the sign-in throttle and the security
// log disagree about an address.
//
// X-Forwarded-For is a list each proxy appends its peer to; whatever stands left of the entries our
// own proxies wrote was written by the client and proves nothing. So the list is walked from the
// right, as Express's `trust proxy` and Laravel's TrustProxies do: the socket's peer first, then each
// entry leftwards, for as long as the address just read is a proxy we trust.

/** TRUST_PROXY, parsed: how many hops in front of the server are ours, or which addresses are. */
export type TrustProxy =
  | { kind: 'hops'; hops: number }
  | { kind: 'ranges'; ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> };

/** Express's `trust proxy` keywords (proxy-addr), and `private` for the same as `uniquelocal`. */
const KEYWORDS: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** More proxies than any real chain has; a larger count is surely a typo. */
export const MAX_TRUSTED_HOPS = 20;

const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Parses an address as written by a socket, a proxy or a person; null when it is not one.
 * IPv4 is four decimal numbers: a leading zero is decimal (`010.9.9.9` is 10.9.9.9, never the octal
 * 8.9.9.9 that inet_aton would read), and the short and hexadecimal forms (`10.1`, `0xa.9.9.9`) are
 * refused: no proxy writes them, so only a client trying to be counted twice would. An IPv4-mapped
 * IPv6 address (`::ffff:a09:909`, what a dual-stack socket reports) is its IPv4 address. An IPv6
 * zone (`%eth0`) names one of our interfaces, not the client, and is dropped.
 */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const value = text.trim();
  const dotted = DOTTED.exec(value);
  if (dotted) {
    const octets = dotted.slice(1).map(Number);
    return octets.every((octet) => octet <= 255) ? new ipaddr.IPv4(octets) : null;
  }
  if (!value.includes(':')) return null;
  // An IPv6 address may end in dotted IPv4 (`::ffff:10.9.9.9`): the same decimal reading applies.
  const tail = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  let written = value;
  if (tail) {
    const [, head = '', quad = ''] = tail;
    const octets = quad.split('.').map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    written = `${head}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  if (!ipaddr.IPv6.isValid(written)) return null;
  let address: ipaddr.IPv6;
  try {
    address = ipaddr.IPv6.parse(written);
  } catch {
    return null;
  }
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  return new ipaddr.IPv6(address.parts);
}

/** One spelling per address (RFC 5952 for IPv6), or null when `text` is not an address. */
export function canonicalAddress(text: string): string | null {
  return parseAddress(text)?.toString() ?? null;
}

/**
 * What a limiter counts: an IPv4 address whole, an IPv6 address by its /64 (a subscriber is handed a
 * whole /64, so counting single IPv6 addresses would let one client rotate through millions). Not an
 * address (no socket, say): the text itself, so it still has one count of its own.
 */
export function rateKey(text: string): string {
  const address = parseAddress(text);
  if (!address) return text;
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** One entry of a TRUST_PROXY list: an address, a CIDR range, or a keyword; null when none of these. */
function parseRange(entry: string): Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> | null {
  const keyword = KEYWORDS[entry.toLowerCase()];
  if (keyword) return keyword.map((range) => ipaddr.parseCIDR(range));
  const [text = '', bits, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const address = parseAddress(text);
  if (!address) return null;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  if (bits === undefined) return [[address, max]];
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return [[address, Number(bits)]];
}

/**
 * TRUST_PROXY as written: `false` (or empty, 0, no, off) trusts no proxy; `true` (or yes, on) trusts
 * one hop, the proxy the server is published behind (never "every hop", Express's meaning, which
 * hands the choice of address to the client); a number trusts that many hops; otherwise a
 * comma-separated list of proxy addresses, CIDR ranges and the keywords loopback, linklocal,
 * uniquelocal and private. Null when the value is none of these.
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (['', 'false', 'no', 'off'].includes(text)) return { kind: 'hops', hops: 0 };
  if (['true', 'yes', 'on'].includes(text)) return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_TRUSTED_HOPS ? { kind: 'hops', hops } : null;
  }
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const entry of text.split(',')) {
    const parsed = parseRange(entry.trim());
    if (!parsed) return null;
    ranges.push(...parsed);
  }
  return { kind: 'ranges', ranges };
}

/** Whether the address read at `hop` (0: the socket's peer) is a proxy of ours. */
export function trustsHop(trust: TrustProxy, address: ipaddr.IPv4 | ipaddr.IPv6, hop: number): boolean {
  if (trust.kind === 'hops') return hop < trust.hops;
  return trust.ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

/** An X-Forwarded-For entry may carry a port (`203.0.113.7:4711`, `[2001:db8::1]:4711`): some proxies write one. */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const dotted = /^([\d.]+):\d+$/.exec(entry);
  return dotted ? dotted[1]! : entry;
}

/** The X-Forwarded-For entries, right-most first; several headers read as one list, in order. */
function forwardedFor(request: IncomingMessage): string[] {
  const header = request.headers['x-forwarded-for'];
  if (header === undefined) return [];
  const whole = Array.isArray(header) ? header.join(',') : header;
  return whole
    .split(',')
    .map((entry) => withoutPort(entry.trim()))
    .reverse();
}

const resolved = new WeakMap<IncomingMessage, string>();

/**
 * The function every limiter and log asks for a request's client address, in its one spelling.
 * It takes the bare node:http request, as the public API's front door answers before Fastify does.
 * The walk stops at the first address that is not a trusted proxy; an entry that is no address at all
 * (a client's junk that a trusted proxy passed on) stops it too, at the proxy that passed it on, which
 * is the last address known to be true.
 */
export function createClientAddress(trust: TrustProxy): (request: IncomingMessage) => string {
  return (request) => {
    const known = resolved.get(request);
    if (known !== undefined) return known;
    const peer = request.socket?.remoteAddress ?? '';
    let current = parseAddress(peer);
    let answer = current?.toString() ?? peer;
    if (current && !(trust.kind === 'hops' && trust.hops === 0)) {
      let hop = 0;
      for (const entry of forwardedFor(request)) {
        if (!trustsHop(trust, current, hop)) break;
        const next = parseAddress(entry);
        if (!next) break;
        current = next;
        answer = next.toString();
        hop++;
      }
    }
    resolved.set(request, answer);
    return answer;
  };
}

/**
 * Fastify's `trustProxy` (proxy-addr's trust function), so that request.ip picks the same hop.
 * Readers still ask clientAddress: request.ip keeps the spelling the header had.
 */
export function fastifyTrust(trust: TrustProxy): (address: string, hop: number) => boolean {
  return (address, hop) => {
    const parsed = parseAddress(address);
    return parsed !== null && trustsHop(trust, parsed, hop);
  };
}
