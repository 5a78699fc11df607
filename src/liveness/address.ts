import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why an address is not public: fetched, it would reach this machine, network or cloud. */
export type AddressClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'reserved'
  | 'multicast';

// Cloud metadata endpoints are in no registry: named here, checked before their ranges.
const METADATA = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
]);

/** ipaddr.js's special-purpose ranges (IANA's) → our classes; one not listed is public. */
const V4_CLASSES: Readonly<Record<string, AddressClass>> = {
  unspecified: 'reserved',
  broadcast: 'reserved',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'private',
  private: 'private',
  reserved: 'reserved',
};
const V6_CLASSES: Readonly<Record<string, AddressClass>> = {
  unspecified: 'reserved',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  discard: 'reserved',
  benchmarking: 'reserved',
  deprecatedOrchid: 'reserved',
  orchid2: 'reserved',
  droneRemoteIdProtocolEntityTags: 'reserved',
  segmentRouting: 'reserved',
  reserved: 'reserved',
};

/**
 * The class of a non-public IP address, or `null`. An IPv6 address carrying an IPv4 one (mapped,
 * NAT64, 6to4, Teredo, …) is judged by it: that is where a translating network delivers it.
 */
export function classifyAddress(input: string): AddressClass | null {
  const address = unbracket(input);
  if (isIP(address) === 0) return null;
  const parsed = ipaddr.parse(address);
  if (METADATA.has(address.toLowerCase()) || METADATA.has(parsed.toString())) return 'metadata';
  if (parsed.kind() === 'ipv4') return V4_CLASSES[parsed.range()] ?? null;
  const v6 = parsed as ipaddr.IPv6;
  const carried = embeddedIpv4(v6);
  if (carried !== null) {
    if (carried.length === 0) return 'reserved';
    for (const v4 of carried) {
      const label = classifyAddress(v4.toString());
      if (label !== null) return label;
    }
    return null;
  }
  return V6_CLASSES[v6.range()] ?? null;
}

/** The IPv4 addresses an IPv6 address carries, or null; Teredo's two (server, client) both. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = address.parts;
  const v4 = (high: number, low: number): ipaddr.IPv4 =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeros = (from: number, to: number): boolean =>
    p.slice(from, to).every((part) => part === 0);
  // ::/96: `::a.b.c.d` (IPv4-compatible); `::` and `::1` are themselves, not carriers.
  if (zeros(0, 6) && !(p[6] === 0 && (p[7] === 0 || p[7] === 1))) return [v4(p[6]!, p[7]!)];
  // ::ffff:0:0/96 (mapped) and ::ffff:0:0:0/96 (translated).
  if (zeros(0, 5) && p[5] === 0xffff) return [v4(p[6]!, p[7]!)];
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return [v4(p[6]!, p[7]!)];
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return [v4(p[6]!, p[7]!)];
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return localUseCarried(p);
  if (p[0] === 0x2002) return [v4(p[1]!, p[2]!)];
  if (p[0] === 0x2001 && p[1] === 0) return [v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  return null;
}

/**
 * What an address in `64:ff9b:1::/48` (RFC 8215) carries: its prefix length (RFC 6052) is not in
 * it, so every layout with a zero suffix is read (a 0.0.0.0/8 reading is zero fill), and one
 * private reading refuses it. A set u-octet: none (reserved).
 */
function localUseCarried(p: readonly number[]): ipaddr.IPv4[] {
  const uOctet = p[4]! >> 8;
  if (uOctet !== 0) return [];
  const byte = (index: number): number => {
    const part = p[index >> 1]!;
    return index % 2 === 0 ? part >> 8 : part & 0xff;
  };
  const zeroFrom = (from: number): boolean => {
    for (let index = from; index < 16; index++) if (byte(index) !== 0) return false;
    return true;
  };
  // Octet offsets of each layout's four IPv4 bytes (byte 8 is the u-octet), and where its suffix starts.
  const layouts: Array<{ octets: [number, number, number, number]; suffix: number }> = [
    { octets: [6, 7, 9, 10], suffix: 11 },
    { octets: [7, 9, 10, 11], suffix: 12 },
    { octets: [9, 10, 11, 12], suffix: 13 },
    { octets: [12, 13, 14, 15], suffix: 16 },
  ];
  return layouts
    .filter((layout) => zeroFrom(layout.suffix))
    .map((layout) => new ipaddr.IPv4(layout.octets.map(byte)))
    .filter((address) => address.octets[0] !== 0);
}

export function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Which non-public addresses may be fetched anyway: `true` all, `false` none, a list the addresses
 * and CIDR blocks it names. Throws `Error` naming an entry that is neither.
 */
export function privateAddressPolicy(
  allow: boolean | readonly string[] | undefined,
): (address: string) => boolean {
  if (allow === true) return () => true;
  if (allow === undefined || allow === false || allow.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of allow) {
    const [network = '', prefixText] = entry.trim().split('/');
    const bare = unbracket(network);
    const family = isIP(bare);
    const prefix = prefixText === undefined ? (family === 4 ? 32 : 128) : Number(prefixText);
    if (
      family === 0 ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > (family === 4 ? 32 : 128)
    ) {
      throw new Error(
        `${JSON.stringify(entry)} is not an IP address or CIDR block (like 10.0.0.0/8 or 127.0.0.1)`,
      );
    }
    list.addSubnet(bare, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return (address) => {
    const bare = unbracket(address);
    const family = isIP(bare);
    return family !== 0 && list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** The article and noun of each class, for a reason: "a loopback address". */
export const ADDRESS_CLASS_WORDS: Readonly<Record<AddressClass, string>> = {
  loopback: 'a loopback address',
  private: 'a private-network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  reserved: 'a reserved address',
  multicast: 'a multicast address',
};
