import { LINK_BUCKETS, type LinkBucket } from '../types.js';
import { escapeHtml } from '../format/escape.js';
import { intervalText, percent } from './format-common.js';
import type { VendorFigures } from './types.js';

/** Bucket colours, each a different lightness so they stay distinct in greyscale print. */
export const BUCKET_COLORS: Record<LinkBucket, { fill: string; text: string }> = {
  directory: { fill: '#1a7f37', text: '#ffffff' },
  live: { fill: '#4c9be8', text: '#0b1f33' },
  unverified: { fill: '#c9ced6', text: '#1f2328' },
  inconclusive: { fill: '#e3b341', text: '#1f2328' },
  broken: { fill: '#6e1016', text: '#ffffff' },
  invented: { fill: '#d1242f', text: '#ffffff' },
  wrong_jurisdiction: { fill: '#8250df', text: '#ffffff' },
};

const WIDTH = 640;
const BAR_Y = 4;
const BAR_HEIGHT = 30;
/** Room under the bar for the interval of the invented-or-broken share. */
const WHISKER = 12;
const HEIGHT = BAR_Y * 2 + BAR_HEIGHT + WHISKER;
/** A narrower segment has no room for its label; its tooltip and the table still say it. */
const MIN_LABEL_WIDTH = 34;

/** One vendor's 100% stacked bar of its links' buckets, as inline SVG (the CSP allows it). */
export function bucketBarSvg(figures: VendorFigures): string {
  const label = `${figures.vendor}: share of ${figures.links} link${figures.links === 1 ? '' : 's'} in each bucket`;
  const parts: string[] = [
    `<svg class="bar" data-vendor="${escapeHtml(figures.vendor)}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeHtml(label)}">`,
    `<title>${escapeHtml(label)}</title>`,
  ];
  if (figures.links === 0) {
    parts.push(
      `<rect class="empty" x="0.5" y="${BAR_Y + 0.5}" width="${WIDTH - 1}" height="${BAR_HEIGHT - 1}" fill="none" stroke="#8c959f" stroke-dasharray="4 3"/>`,
      `<text x="${WIDTH / 2}" y="${BAR_Y + BAR_HEIGHT / 2}" text-anchor="middle" dominant-baseline="central" font-size="13" fill="#57606a">no links cited</text>`,
    );
  } else {
    let x = 0;
    const shown = LINK_BUCKETS.filter((bucket) => figures.buckets[bucket].count > 0);
    for (const [index, bucket] of shown.entries()) {
      const share = figures.buckets[bucket];
      // The last segment ends exactly at the edge, whatever the rounding of the ones before it.
      const width = index === shown.length - 1 ? WIDTH - x : (WIDTH * share.count) / figures.links;
      const colors = BUCKET_COLORS[bucket];
      const text = `${bucket}: ${percent(share)} (${share.count} of ${figures.links})`;
      parts.push(
        `<rect class="segment" data-bucket="${bucket}" x="${fixed(x)}" y="${BAR_Y}" width="${fixed(width)}" height="${BAR_HEIGHT}" fill="${colors.fill}" stroke="#ffffff" stroke-width="1"><title>${escapeHtml(text)}</title></rect>`,
      );
      if (width >= MIN_LABEL_WIDTH) {
        parts.push(
          `<text x="${fixed(x + width / 2)}" y="${BAR_Y + BAR_HEIGHT / 2}" text-anchor="middle" dominant-baseline="central" font-size="13" font-weight="600" fill="${colors.text}">${escapeHtml(percent(share))}</text>`,
        );
      }
      x += width;
    }
  }
  parts.push(intervalSvg(figures), '</svg>');
  return parts.join('');
}

/** The invented-or-broken share's 95% interval under the bar, from the right edge (its end). */
function intervalSvg(figures: VendorFigures): string {
  const share = figures.inventedOrBroken;
  if (share.low === null || share.high === null) return '';
  const y = BAR_Y + BAR_HEIGHT + WHISKER / 2;
  const x1 = fixed(WIDTH * (1 - share.high));
  const x2 = fixed(WIDTH * (1 - share.low));
  const text = `invented or broken: ${percent(share)} (${share.count} of ${share.total}), ${intervalText(share)}`;
  return (
    `<g class="interval" data-low="${share.low.toFixed(4)}" data-high="${share.high.toFixed(4)}"><title>${escapeHtml(text)}</title>` +
    `<line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" stroke="#1f2328" stroke-width="2"/>` +
    `<line x1="${x1}" y1="${y - 4}" x2="${x1}" y2="${y + 4}" stroke="#1f2328" stroke-width="2"/>` +
    `<line x1="${x2}" y1="${y - 4}" x2="${x2}" y2="${y + 4}" stroke="#1f2328" stroke-width="2"/></g>`
  );
}

function fixed(value: number): string {
  return String(Math.round(value * 100) / 100);
}
