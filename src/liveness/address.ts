import { BlockList, isIP } from 'node:net';

/**
 * Why an address is not a public resource. A link from model output that lands on one of these is
 * never fetched (unless allowed): it would reach the machine running the check, its network or
 * its cloud's metadata service, not a page anyone else can open.
 */
export type AddressClass = 'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved' | 'multicast';

const RANGES: ReadonlyArray<readonly [AddressClass, string, number, 'ipv4' | 'ipv6']> = [
  // Cloud metadata endpoints first, so they are named as such rather than as the range they sit in.
  ['metadata', '169.254.169.254', 32, 'ipv4'],
  ['metadata', '169.254.170.2', 32, 'ipv4'],
  ['metadata', '100.100.100.200', 32, 'ipv4'],
  ['metadata', '192.0.0.192', 32, 'ipv4'],
  ['metadata', 'fd00:ec2::254', 128, 'ipv6'],
  ['reserved', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['reserved', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['reserved', '100::', 64, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['private', 'fec0::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
];

// One BlockList per range keeps the class of the first match; BlockList also matches IPv4-mapped
// IPv6 addresses (`::ffff:127.0.0.1`) against the IPv4 ranges.
const LISTS: ReadonlyArray<readonly [AddressClass, BlockList]> = RANGES.map(([label, network, prefix, type]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return [label, list] as const;
});

const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/**
 * The class of a non-public IP address, or `null` for a public one (or text that is not an IP).
 * Brackets around an IPv6 literal are accepted. NAT64 addresses (`64:ff9b::/96`) are judged by the
 * IPv4 address they embed.
 */
export function classifyAddress(input: string): AddressClass | null {
  const address = unbracket(input);
  const family = isIP(address);
  if (family === 0) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [label, list] of LISTS) if (list.check(address, type)) return label;
  if (type === 'ipv6' && NAT64.check(address, 'ipv6')) {
    const embedded = embeddedIpv4(address);
    if (embedded !== null) return classifyAddress(embedded);
  }
  return null;
}

/** `[::1]` → `::1`; anything else unchanged. */
export function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Which non-public addresses may be fetched anyway. `true` allows all, `false` none, a list allows
 * the addresses and CIDR blocks it names. Throws `Error` naming the entry when one is not an
 * address or block (the checker turns that into an input error).
 */
export function privateAddressPolicy(allow: boolean | readonly string[] | undefined): (address: string) => boolean {
  if (allow === true) return () => true;
  if (allow === undefined || allow === false || allow.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of allow) {
    const [network = '', prefixText] = entry.trim().split('/');
    const bare = unbracket(network);
    const family = isIP(bare);
    const prefix = prefixText === undefined ? (family === 4 ? 32 : 128) : Number(prefixText);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`${JSON.stringify(entry)} is not an IP address or CIDR block (like 10.0.0.0/8 or 127.0.0.1)`);
    }
    list.addSubnet(bare, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return (address) => {
    const bare = unbracket(address);
    const family = isIP(bare);
    return family !== 0 && list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** The article and noun for a reason: "a loopback address", "a cloud metadata address". */
export function describeAddressClass(label: AddressClass): string {
  switch (label) {
    case 'loopback':
      return 'a loopback address';
    case 'private':
      return 'a private-network address';
    case 'link-local':
      return 'a link-local address';
    case 'metadata':
      return 'a cloud metadata address';
    case 'reserved':
      return 'a reserved address';
    case 'multicast':
      return 'a multicast address';
  }
}

function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (groups === null) return null;
  const high = groups[6]!;
  const low = groups[7]!;
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** Eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted quad expanded). */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const octets = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}
