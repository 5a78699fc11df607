import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Why an address is not a public resource. A link from model output that lands on one of these is
 * never fetched (unless allowed): it would reach the machine running the check, its network or
 * its cloud's metadata service, not a page anyone else can open.
 */
export type AddressClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'reserved'
  | 'multicast';

// Cloud metadata endpoints are not a registry range, so no library knows them: named here, and
// checked first so they are reported as such rather than as the range they sit in.
const METADATA = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
]);

/**
 * ipaddr.js's special-purpose ranges (IANA's registries) → our classes. A range not listed here
 * (`unicast`, AS112, AMT) is public. Ranges that carry an IPv4 address inside an IPv6 one are not
 * listed: they are judged by the address they carry (see `embeddedIpv4`).
 */
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
 * The class of a non-public IP address, or `null` for a public one (or text that is not an IP).
 * Brackets around an IPv6 literal are accepted. An IPv6 address that carries an IPv4 address —
 * IPv4-mapped (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`), IPv4-translated
 * (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`), 6to4 (`2002::/16`) and Teredo
 * (`2001::/32`, server and client) — is judged by the IPv4 address it carries, since that is where
 * a translating network delivers it.
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

/**
 * The IPv4 addresses an IPv6 address carries, or null when it is not one of the forms that carry
 * one. Teredo carries two (its server, and its client with every bit inverted); both are judged,
 * as is every reading of the local-use translation prefix (`localUseCarried`).
 */
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
 * What an address in the local-use translation prefix `64:ff9b:1::/48` (RFC 8215) carries. The
 * operator picks the prefix length (RFC 6052: /48, /56, /64 or /96 inside this /48) and nothing in
 * the address says which, so every layout that fits is read and each carried address judged: one
 * reading that lands on a private network refuses the address. A layout fits when its suffix bits
 * are zero (RFC 6052 2.2 reserves them); a reading in 0.0.0.0/8 is the zero fill of another
 * layout, not a destination, and is skipped. Bits 64–71 (the u-octet) must be zero in every
 * layout: an address with them set is no translation address at all, only reserved space. Returns
 * an empty list when no reading is a destination (reserved). The cost: a public address whose
 * reading under another layout is private is refused too; this /48 is an operator's own, and a
 * link from model output has no business inside it.
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

/** `[::1]` → `::1`; anything else unchanged. */
export function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Which non-public addresses may be fetched anyway. `true` allows all, `false` none, a list allows
 * the addresses and CIDR blocks it names. Throws `Error` naming the entry when one is not an
 * address or block (the checker turns that into an input error).
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

/** The article and noun for a reason: "a loopback address", "a cloud metadata address". */
export function describeAddressClass(label: AddressClass): string {
  return ADDRESS_CLASS_WORDS[label];
}

const ADDRESS_CLASS_WORDS: Readonly<Record<AddressClass, string>> = {
  loopback: 'a loopback address',
  private: 'a private-network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  reserved: 'a reserved address',
  multicast: 'a multicast address',
};
