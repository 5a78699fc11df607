import { LIVENESS_DEFAULTS } from '../defaults.js';
import type { NetworkView } from './classify.js';

/** See `LIVENESS_DEFAULTS.networkProbeUrl`. */
export const NETWORK_PROBE_URL = LIVENESS_DEFAULTS.networkProbeUrl;

/** What the probe established; `detail`: why not, when either is false. */
export interface ProbeResult {
  dnsWorks: boolean;
  egressWorks: boolean;
  detail?: string;
}

/**
 * Whether DNS and egress work, so an offline checker calls nothing invented or broken; when no
 * link proved what a verdict needs, the probe URL is fetched, once (an offline run stays so).
 */
export class NetworkMonitor {
  private dnsSeen = false;
  private egressSeen = false;
  private probeResult: ProbeResult | undefined;
  private probing: Promise<ProbeResult> | undefined;

  /** `probe`: null when probing is disabled. */
  constructor(private readonly probe: (() => Promise<ProbeResult>) | null) {}

  noteDns(): void {
    this.dnsSeen = true;
  }

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

  /** See `LinkChecker.networkDown`. */
  async shownDown(): Promise<string | null> {
    if (this.probe === null) return null;
    const view = await this.confirm('egress');
    if (view.egressWorks) return null;
    return this.probeResult?.detail ?? 'the network probe failed';
  }
}
