import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { refusedPort } from './webhook-port';

// docs/webhooks.md#which-addresses-are-accepted: a webhook's URL must lead to a public address. The name is resolved and
// every address it gives is checked, at save and again before each attempt; the request then
// connects to the address checked (pinned), so a name that resolves elsewhere a moment later (DNS
// rebinding) cannot take the request inside. WEBHOOKS_ALLOW_PRIVATE lifts the rule (tests, intranets).

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** How names are resolved: the system's resolver, or one a test hands in. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** IPv4 ranges that are not the public Internet (RFC 6890's special-purpose registry). */
const PRIVATE_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, and the clouds' metadata service (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function v4ToNumber(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function isPublicV4(address: string): boolean {
  const value = v4ToNumber(address);
  return !PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToNumber(base);
    return value >= start && value < start + size;
  });
}

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted quad); null when not one. */
export function v6Bytes(address: string): number[] | null {
  // The zone names one of our interfaces; it does not change where the address leads.
  const text = address.replace(/%.*$/, '');
  return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text).toByteArray() : null;
}

function isPublicV6(address: string): boolean {
  const bytes = v6Bytes(address);
  if (!bytes) return false;
  const embeddedV4 = (from: number) => bytes.slice(from, from + 4).join('.');
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible): the IPv4 address decides.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicV4(embeddedV4(12));
  if (zeros(0, 12)) return false; // ::, ::1 and the deprecated IPv4-compatible form
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it embeds.
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) {
    return isPublicV4(embeddedV4(12));
  }
  // 6to4 (2002::/16) embeds the IPv4 address of its far end.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isPublicV4(embeddedV4(2));
  // Only global unicast (2000::/3) is public: this leaves out unique-local fc00::/7, link-local
  // fe80::/10, site-local fec0::/10, multicast ff00::/8 and the rest.
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  // Within it: Teredo and other IETF assignments (2001::/23), and documentation (2001:db8::/32).
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2]! < 0x02) return false;
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) return false;
  return true;
}

/** Whether an IP address is on the public Internet (not loopback, private, link-local, multicast…). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicV4(address);
  if (family === 6) return isPublicV6(address);
  return false;
}

/** Why a URL may not be reached, in Spanish for the person (or the log) that reads it. */
export class RefusedAddress extends Error {}

/** The host of a URL as a resolver or isIP wants it: IPv6 literals without their brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export interface AddressGuard {
  /**
   * The address to connect to for `url`: its host resolved, every address checked (unless private
   * ones are allowed). Throws RefusedAddress with a Spanish sentence.
   */
  resolve(url: URL): Promise<ResolvedAddress>;
}

export function addressGuard({
  allowPrivate,
  resolver = systemResolver,
}: {
  allowPrivate: boolean;
  resolver?: Resolver;
}): AddressGuard {
  return {
    async resolve(url) {
      const port = allowPrivate ? null : refusedPort(url);
      if (port) throw new RefusedAddress(port);
      const host = hostOf(url);
      const literal = isIP(host);
      let addresses: ResolvedAddress[];
      if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
      else {
        try {
          addresses = await resolver(host);
        } catch {
          addresses = [];
        }
        if (!addresses.length) {
          throw new RefusedAddress(`No se encuentra el servidor «${host}»: compruebe la dirección (URL).`);
        }
      }
      if (!allowPrivate) {
        // All of them: a name may answer with a public address and a private one in turn.
        const refused = addresses.find(({ address }) => !isPublicAddress(address));
        if (refused) {
          throw new RefusedAddress(
            `La dirección (URL) lleva a una dirección privada, local o reservada (${refused.address}): los webhooks solo se envían a direcciones públicas.`,
          );
        }
      }
      return addresses[0]!;
    },
  };
}
