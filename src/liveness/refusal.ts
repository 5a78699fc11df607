import { describeAddressClass } from './address.js';
import type { Failure } from './classify.js';
import type { LivenessOutcome } from './types.js';

/** An address refused by the network policy: fetching it could reach this machine's own network. */
export function refusedAddress(failure: Failure, finalUrl: string, where: string): LivenessOutcome {
  const subject =
    failure.source === 'literal'
      ? `${failure.address ?? '?'} is`
      : `${failure.host ?? 'the host'} resolves to ${failure.address ?? '?'},`;
  return {
    kind: 'invented',
    error: failure.code,
    finalUrl,
    ...(failure.address !== undefined ? { address: failure.address } : {}),
    reason: `${subject} ${what(failure)}${where}: not a public resource (not fetched)`,
  };
}

/**
 * A private DNS answer while DNS has not been seen answering publicly in this run: a captive or
 * filtering resolver answers so for every name, so it proves nothing about the link.
 */
export function unprovenPrivateAnswer(failure: Failure, where: string, detail: string): string {
  return `DNS answered ${failure.address ?? '?'} (${what(failure)}) for ${failure.host ?? '?'}${where}, and has not been seen giving a public answer in this run${detail}`;
}

function what(failure: Failure): string {
  return failure.addressClass ? describeAddressClass(failure.addressClass) : 'a non-public address';
}
