import { BUCKET_SCORES } from '../defaults.js';
import type { AllowlistIndex } from '../match/index.js';
import { type GovRegistry, loadGovRegistry } from '../match/dotgov.js';
import type { LinkVerdict, PhoneVerdict, Served } from '../types.js';
import { areaCodeArea } from './area-codes.js';
import { type AreaKnowledge, areasOfLink, areasOfOwners, sourceLabel } from './areas.js';
import { NATIONWIDE } from './codes.js';
import { loadLegalHelpTable } from './table.js';

/** What an answer is checked against: the jurisdiction, whether a wrong link fails, and the sources. */
export interface JurisdictionOptions {
  jurisdiction: string;
  /** `fail` (the default): a wrong-jurisdiction link fails the answer; `score`: it only scores 0. */
  wrongJurisdiction?: 'fail' | 'score';
  knowledge: AreaKnowledge;
}

/** The three sources for an allowlist: its own areas, the registry in use, the shipped table. */
export function knowledgeFor(index: AllowlistIndex, govRegistry?: GovRegistry): AreaKnowledge {
  return {
    allowlist: index.allowlist,
    gov: govRegistry ?? loadGovRegistry(),
    table: loadLegalHelpTable(),
  };
}

/** Whether `served` proves that a resource cannot help someone in `jurisdiction`. */
export function servesElsewhere(served: Served, jurisdiction: string): boolean {
  return !served.areas.includes(jurisdiction) && !served.areas.includes(NATIONWIDE);
}

/** `serves TX (the .gov registry, snapshot …), not MA`: what a reason says after the one served. */
function elsewhere(served: Served, jurisdiction: string, knowledge: AreaKnowledge): string {
  return `serves ${served.areas.join(', ')} (${sourceLabel(served, knowledge)}), not ${jurisdiction}`;
}

/** A link verdict as `wrong_jurisdiction` when its site serves only elsewhere (not `broken`, `invented`). */
export function checkLink(verdict: LinkVerdict, options: JurisdictionOptions): LinkVerdict {
  const served = areasOfLink(verdict.finding, options.knowledge);
  if (served === null) return verdict;
  const judged = verdict.bucket !== 'broken' && verdict.bucket !== 'invented';
  if (!judged || !servesElsewhere(served, options.jurisdiction)) return { ...verdict, served };
  const was =
    verdict.bucket === 'directory'
      ? 'listed in the directory, but '
      : verdict.bucket === 'live'
        ? 'it resolves, but '
        : '';
  return {
    ...verdict,
    bucket: 'wrong_jurisdiction',
    score: BUCKET_SCORES.wrong_jurisdiction,
    code: 'link.wrong-jurisdiction',
    reason: `${was}${served.via} ${elsewhere(served, options.jurisdiction, options.knowledge)}`,
    served,
  };
}

/** A `verified` or `known` number whose every owner serves only elsewhere: `wrong_jurisdiction`. */
export function checkPhone(
  verdict: PhoneVerdict,
  index: AllowlistIndex,
  options: JurisdictionOptions,
): PhoneVerdict {
  if (verdict.status === 'service_line') return verdict;
  const served = areasOfOwners(index.ownersOf(verdict.finding.normalized), options.knowledge);
  if (served === null) return withAreaCodeSuspicion(verdict, options.jurisdiction);
  const judged = verdict.status === 'verified' || verdict.status === 'known';
  if (!judged || !servesElsewhere(served, options.jurisdiction)) return { ...verdict, served };
  return {
    ...verdict,
    status: 'wrong_jurisdiction',
    code: 'phone.wrong-jurisdiction',
    reason: `listed for ${served.via}, which ${elsewhere(served, options.jurisdiction, options.knowledge)}`,
    served,
  };
}

/** An `unlisted` number's area code of another state: in the reason only (a line keeps its code). */
function withAreaCodeSuspicion(verdict: PhoneVerdict, jurisdiction: string): PhoneVerdict {
  if (verdict.status !== 'unlisted') return verdict;
  const code = areaCodeArea(verdict.finding.normalized);
  if (code === null || code.area === jurisdiction) return verdict;
  return {
    ...verdict,
    reason: `${verdict.reason}; its area code ${code.npa} is of ${code.area} (NANPA's area codes), so it may not serve ${jurisdiction}: a suspicion, not counted`,
  };
}
