import net from 'node:net';
import { classifyIp } from '@adboard/shared';

/**
 * Decides whether the backlink checker may open a connection to an address.
 * `true` means it may. The checker asks it about every address a host name
 * resolves to, about IP-literal hosts, and again about the address the socket
 * actually connected to.
 */
export type AddressPolicy = (address: string, family: 4 | 6) => boolean;

/**
 * IPv6 that may be public at all: global unicast (2000::/3), IPv4-mapped and
 * the NAT64 prefixes (whose embedded IPv4 address `classifyIp` judges).
 * Everything else (site-local fec0::/10, discard 100::/64, SRv6 5f00::/16,
 * IPv4-translated ::ffff:0:0:0/96 and the rest of the reserved space) is
 * refused, which `classifyIp` alone would let through.
 */
const ipv6MayBePublic = new net.BlockList();
ipv6MayBePublic.addSubnet('2000::', 3, 'ipv6');
ipv6MayBePublic.addSubnet('::ffff:0:0', 96, 'ipv6');
ipv6MayBePublic.addSubnet('64:ff9b::', 96, 'ipv6');
ipv6MayBePublic.addSubnet('64:ff9b:1::', 48, 'ipv6');

/** Special-purpose ranges `classifyIp` counts as public (reported to its owner). */
const alsoRefused = new net.BlockList();
alsoRefused.addSubnet('2001::', 23, 'ipv6'); // IETF protocol assignments: ORCHID, benchmarking, ...
alsoRefused.addSubnet('3fff::', 20, 'ipv6'); // documentation (RFC 9637)
alsoRefused.addSubnet('192.88.99.0', 24, 'ipv4'); // 6to4 relay anycast (deprecated)

/**
 * The production policy: public unicast addresses only. Refuses loopback,
 * private, link-local (cloud metadata 169.254.169.254), carrier-grade NAT,
 * "this network", documentation, multicast and reserved ranges, their IPv6
 * counterparts and IPv4 embedded in IPv6 (mapped, compatible, NAT64, 6to4),
 * and anything that is not an IP address at all.
 */
export const publicAddressesOnly: AddressPolicy = (address) => {
  if (classifyIp(address) !== 'public') return false;
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return !alsoRefused.check(bare, 'ipv4');
  if (family === 6) return ipv6MayBePublic.check(bare, 'ipv6') && !alsoRefused.check(bare, 'ipv6');
  return false;
};

/**
 * Development only (DEV_LOCAL_BACKLINKS, refused in production): public addresses, and
 * this machine's 127.0.0.1, which `localTestLookup` gives the `.test` names.
 */
export const publicOrThisMachine: AddressPolicy = (address, family) =>
  address === '127.0.0.1' || publicAddressesOnly(address, family);

/** For tests only: lets the checker connect anywhere. */
export const allowAll: AddressPolicy = () => true;

/** For tests: only the listed addresses (exact text as resolved or written). */
export function allowOnly(...addresses: string[]): AddressPolicy {
  const allowed = new Set(addresses.map((a) => a.toLowerCase()));
  return (address) => allowed.has(address.replace(/^\[|\]$/g, '').toLowerCase());
}
