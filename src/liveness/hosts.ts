import { isIP, type LookupFunction } from 'node:net';
import { SPECIAL_USE_SUFFIXES } from '../defaults.js';
import { describeError } from '../errors.js';
import { classifyAddress, unbracket } from './address.js';
import type { Failure } from './classify.js';
import { LookupRefused } from './http.js';
import { hostKey } from './resolve.js';
import type { Address, LookupAsker, Resolver, ResolveResult } from './types.js';

type Source = NonNullable<Failure['source']>;
type HostResolutionFailure = { ok: false; failure: Failure };
type HostResolution = { ok: true; addresses: Address[]; source: Source } | HostResolutionFailure;

/** RFC 6761 6.3: localhost names are the loopback addresses, answered here, never by DNS. */
const LOCALHOST: readonly Address[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** The special-use suffix of a host key (`SPECIAL_USE_SUFFIXES`), or null. */
function specialUseName(key: string): (typeof SPECIAL_USE_SUFFIXES)[number] | null {
  return (
    SPECIAL_USE_SUFFIXES.find((suffix) => key === suffix || key.endsWith(`.${suffix}`)) ?? null
  );
}

/**
 * Resolving (pins, then the resolver, once per host) and vetting hosts; the pool's `lookup` is the
 * same memoized resolution, so the address vetted is the address connected to (no rebinding).
 */
export class HostVetting {
  private readonly resolutions = new Map<string, Promise<HostResolution>>();

  constructor(
    private readonly pins: ReadonlyMap<string, Address>,
    private readonly resolver: Resolver,
    private readonly mayFetchPrivate: (address: string) => boolean,
    /** A real DNS answer gave an address the checker may fetch (proof DNS works). */
    private readonly onDnsAnswer: () => void,
    /** Special-use names kept from the resolver: the system's; an injected one decides all. */
    private readonly guardSpecialNames: boolean,
  ) {}

  /** A name is looked up once, in the share of the first link (`asker`) that asked for it. */
  resolve(hostname: string, asker?: LookupAsker): Promise<HostResolution> {
    const key = hostKey(hostname);
    if (isIP(key) !== 0)
      return Promise.resolve(
        this.vet(key, [{ address: key, family: isIP(key) === 6 ? 6 : 4 }], 'literal'),
      );
    let pending = this.resolutions.get(key);
    if (!pending) {
      pending = this.lookupAndVet(key, asker);
      this.resolutions.set(key, pending);
      // A DNS error may be transient: the next hop or link on this host asks again.
      void pending.then((result) => {
        if (!result.ok && result.failure.kind === 'dns-error') this.resolutions.delete(key);
      });
    }
    return pending;
  }

  /** A `lookup` for the connection pool that connects only where `resolve` says. */
  lookup(): LookupFunction {
    return ((
      hostname: string,
      lookupOptions: { family?: number | string; all?: boolean },
      callback: (...args: unknown[]) => void,
    ) => {
      this.resolve(unbracket(hostname)).then(
        (result) => {
          if (!result.ok) return callback(new LookupRefused(result.failure));
          const family =
            lookupOptions.family === 'IPv4'
              ? 4
              : lookupOptions.family === 'IPv6'
                ? 6
                : Number(lookupOptions.family ?? 0);
          const usable =
            family === 4 || family === 6
              ? result.addresses.filter((entry) => entry.family === family)
              : result.addresses;
          const first = usable[0];
          if (!first)
            return callback(
              Object.assign(new Error(`${hostname} has no IPv${family} address`), {
                code: 'ENOTFOUND',
              }),
            );
          if (lookupOptions.all) return callback(null, usable);
          return callback(null, first.address, first.family);
        },
        (error: unknown) => callback(error),
      );
    }) as unknown as LookupFunction;
  }

  /** The resolver's answer for `key`, its failure told apart as not-found or a lookup error. */
  private async lookUp(
    key: string,
    asker: LookupAsker | undefined,
  ): Promise<Extract<ResolveResult, { ok: true }> | HostResolutionFailure> {
    let answer;
    try {
      answer = await this.resolver(key, asker);
    } catch (error) {
      answer = { ok: false as const, notFound: false, error: describeError(error) };
    }
    if (answer.ok) return answer;
    const { error } = answer;
    return answer.notFound
      ? refused(key, 'dns-not-found', error, `${key} did not resolve (${error})`)
      : refused(key, 'dns-error', error, `DNS lookup of ${key} failed (${error})`);
  }

  private async lookupAndVet(key: string, asker: LookupAsker | undefined): Promise<HostResolution> {
    const pin = this.pins.get(key);
    const special = pin || !this.guardSpecialNames ? null : specialUseName(key);
    let source: Source = 'pinned';
    let addresses: Address[];
    if (pin) {
      addresses = [pin];
    } else if (special === 'localhost') {
      source = 'name';
      addresses = [...LOCALHOST];
    } else if (special !== null) {
      return refused(
        key,
        'reserved-name',
        'reserved-name',
        `${key} is a special-use name (.${special}, RFC 6761): it is never looked up, since no public site can have it; pin it with --resolve to check a test server`,
      );
    } else {
      source = 'dns';
      const answer = await this.lookUp(key, asker);
      if (!answer.ok) return answer;
      addresses = answer.addresses;
    }
    return this.vet(key, addresses, source);
  }

  /** The addresses the checker may fetch, or the refusal naming the first when none is. */
  private vet(key: string, addresses: Address[], source: Source): HostResolution {
    const allowed = addresses.filter(
      (entry) => classifyAddress(entry.address) === null || this.mayFetchPrivate(entry.address),
    );
    if (allowed.length === 0) {
      const first = addresses[0];
      if (!first) return refused(key, 'dns-not-found', 'ENODATA', `${key} has no address`);
      const { address } = first;
      const addressClass = classifyAddress(address) ?? 'reserved';
      const message =
        source === 'literal' ? `${key} is ${addressClass}` : `${key} resolves to ${address}`;
      return refused(key, 'private-address', 'private-address', message, {
        address,
        addressClass,
        source,
      });
    }
    if (source === 'dns') this.onDnsAnswer();
    return { ok: true, addresses: allowed, source };
  }
}

function refused(
  host: string,
  kind: Failure['kind'],
  code: string,
  message: string,
  more: Partial<Failure> = {},
): HostResolutionFailure {
  return { ok: false, failure: { kind, code, host, message, ...more } };
}
