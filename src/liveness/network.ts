import { LIVENESS_DEFAULTS } from '../defaults.js';
import type { NetworkView } from './classify.js';

/** See `LIVENESS_DEFAULTS.networkProbeUrl`. */
export const NETWORK_PROBE_URL = LIVENESS_DEFAULTS.networkProbeUrl;

/** What the probe established. */
export interface ProbeResult {
  dnsWorks: boolean;
  egressWorks: boolean;
  /** Why not, when either is false. */
  detail?: string;
}

/**
 * How the checker learns that the network works, so that nothing is called invented or broken
 * because the checker itself is offline (no DNS, no egress, a sandbox whose DNS answers NXDOMAIN or
 * a sinkhole address for every name).
 *
 * Two facts are tracked separately, each proven by the first evidence that arrives:
 * - DNS works: a real DNS answer (not a `--resolve` pin) gave an address the checker may fetch.
 *   Needed before NXDOMAIN means "invented", and before a non-public DNS answer does.
 * - Egress works: some host answered HTTP (any status). Needed before "connection refused" means
 *   "broken" (a firewall that rejects all egress refuses every connection).
 *
 * Evidence comes for free from the links being checked. When a verdict needs a fact that no link
 * has proven yet, the checker fetches the probe URL once (its DNS answer proves DNS, any HTTP
 * answer proves egress) and waits for it; the probe is memoized, so 1,000 NXDOMAIN links cost one
 * probe. With the probe disabled, only the links' own evidence counts. A failed probe is not
 * repeated (a run that starts offline stays consistently "network unavailable"), but evidence from
 * links that answer later still counts.
 */
export class NetworkMonitor {
  private dnsSeen = false;
  private egressSeen = false;
  private probeResult: ProbeResult | undefined;
  private probing: Promise<ProbeResult> | undefined;

  /** `probe` runs the probe; null when probing is disabled. */
  constructor(private readonly probe: (() => Promise<ProbeResult>) | null) {}

  /** A real DNS answer gave an allowed address. */
  noteDns(): void {
    this.dnsSeen = true;
  }

  /** A host answered HTTP. */
  noteResponse(): void {
    this.egressSeen = true;
  }

  view(): NetworkView {
    const view: NetworkView = {
      dnsWorks: this.dnsSeen || this.probeResult?.dnsWorks === true,
      egressWorks: this.egressSeen || this.probeResult?.egressWorks === true,
    };
    const detail =
      this.probeResult?.detail ?? (this.probe === null ? 'network probe disabled' : undefined);
    if ((!view.dnsWorks || !view.egressWorks) && detail !== undefined) view.detail = detail;
    return view;
  }

  /** The view once `need` is proven or the probe has tried; runs the probe at most once. */
  async confirm(need: 'dns' | 'egress'): Promise<NetworkView> {
    const current = this.view();
    if ((need === 'dns' ? current.dnsWorks : current.egressWorks) || this.probe === null)
      return current;
    this.probing ??= this.probe().then(
      (result) => (this.probeResult = result),
      (error: unknown) =>
        (this.probeResult = {
          dnsWorks: false,
          egressWorks: false,
          detail: `network probe failed: ${String(error)}`,
        }),
    );
    await this.probing;
    return this.view();
  }

  /**
   * Why the network is shown unavailable, or null: the probe (run now if it has not run) failed to
   * reach its page and no host has answered in this run. Null when probing is off: then nothing
   * shows the network down, only that it is unproven.
   */
  async shownDown(): Promise<string | null> {
    if (this.probe === null) return null;
    const view = await this.confirm('egress');
    if (view.egressWorks) return null;
    return this.probeResult?.detail ?? 'the network probe failed';
  }
}
