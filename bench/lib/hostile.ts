import { createRng, type Rng } from './prng.js';

/**
 * Pathological answers: each generator returns exactly `size` UTF-16 code units of one pattern
 * that has made link, phone or name extractors go super-linear elsewhere (backtracking regular
 * expressions, rescanning from every position, per-finding work that grows with the text).
 */
export interface HostilePattern {
  name: string;
  what: string;
  /** In the issue's list (the others probe further). */
  required: boolean;
  make(size: number, directory: DirectorySample): string;
}

/** Names and numbers of the directory the hostile answers are verified against. */
export interface DirectorySample {
  names: readonly string[];
  /** As written in an answer, e.g. `(617) 555-0123`. */
  phones: readonly string[];
}

function fill(size: number, rng: Rng, piece: (rng: Rng, at: number) => string): string {
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    const next = piece(rng, length);
    parts.push(next);
    length += next.length;
  }
  return parts.join('').slice(0, size);
}

function letters(rng: Rng, min: number, max: number): string {
  let out = '';
  const n = rng.int(min, max);
  for (let i = 0; i < n; i++) out += String.fromCharCode(97 + rng.int(0, 25));
  return out;
}

function digits(rng: Rng, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(rng.int(0, 9));
  return out;
}

export const HOSTILE_PATTERNS: readonly HostilePattern[] = [
  {
    name: 'dot-runs',
    what: 'runs of 1–200 dots between short words, no spaces (`a....b.c...........d`)',
    required: true,
    make: (size) =>
      fill(
        size,
        createRng(1),
        (rng) =>
          letters(rng, 1, 3) + '.'.repeat(rng.chance(0.1) ? rng.int(50, 200) : rng.int(1, 6)),
      ),
  },
  {
    name: 'digit-separators',
    what: 'digit groups of 1–4 joined by `-`, `.`, space, `(`, `)`, `+`, `/` (`61-7.555 (0123)-45+6/…`)',
    required: true,
    make: (size) =>
      fill(
        size,
        createRng(2),
        (rng) =>
          digits(rng, rng.int(1, 4)) + rng.pick(['-', '.', ' ', '(', ')', '+', '/', '-', '.', ' ']),
      ),
  },
  {
    name: 'brackets',
    what: 'nested and unbalanced `([{<>}])` with URLs and markdown fragments inside (`[[(https://a.org/((x]](`)',
    required: true,
    make: (size) =>
      fill(size, createRng(3), (rng) =>
        rng.chance(0.05)
          ? rng.pick([
              'https://a.org/',
              '[x](',
              '](https://b.org/',
              'www.c.org/(',
              '<https://d.org/',
            ])
          : rng.pick(['(', ')', '[', ']', '{', '}', '<', '>', '((', '))', '[(']),
      ),
  },
  {
    name: 'http-repeated',
    what: '`http://` repeated with nothing between (`http://http://http://…`)',
    required: true,
    make: (size) => 'http://'.repeat(Math.ceil(size / 7)).slice(0, size),
  },
  {
    name: 'http-spaced',
    what: '`http:// ` repeated: 131,072 schemes with nothing after them',
    required: false,
    make: (size) => 'http:// '.repeat(Math.ceil(size / 8)).slice(0, size),
  },
  {
    name: 'http-bracket',
    what: '`http://[` repeated: IPv6-literal openings that never close',
    required: false,
    make: (size) => 'http://['.repeat(Math.ceil(size / 8)).slice(0, size),
  },
  {
    name: 'broken-urls',
    what: 'addresses the URL parser rejects (`http://a:b`, `http://%`, `http://` + soft hyphen, `mass.gov:99999`), space-separated',
    required: false,
    make: (size) =>
      fill(
        size,
        createRng(12),
        (rng) =>
          `${rng.pick(['http://a:b', 'http://%', 'http://\u00ad', 'mass.gov:99999', 'http://xn--.', 'https://a%zz'])} `,
      ),
  },
  {
    name: 'long-hosts',
    what: 'host-like runs of 1–60 KB (labels of 1–63 letters, dots, hyphens) ending in `.org`, separated by spaces',
    required: true,
    make: (size) =>
      fill(size, createRng(5), (rng) => {
        const target = rng.int(1_000, 60_000);
        const labels: string[] = [];
        let length = 0;
        while (length < target) {
          const label = letters(rng, 1, 62) + (rng.chance(0.2) ? '-x' : '');
          labels.push(label);
          length += label.length + 1;
        }
        return `${labels.join('.')}.org `;
      }),
  },
  {
    name: 'single-long-host',
    what: 'one host-like run of the whole size (`aaa.bbb.ccc….com`, labels of 1–40 letters, no spaces)',
    required: true,
    make: (size) => {
      const body = fill(size - 4, createRng(6), (rng) => `${letters(rng, 1, 40)}.`);
      return `${body.endsWith('.') ? `${body.slice(0, -1)}a` : body}.com`;
    },
  },
  {
    name: 'mixed-scripts',
    what: 'Latin, Cyrillic, Greek, CJK, Arabic, emoji, combining marks, zero-width and full-width punctuation, IDN hosts',
    required: true,
    make: (size) => {
      const words = [
        'mаss.gov',
        'правосудие',
        'δικαστήριο',
        '法院。',
        '法律援助',
        'محكمة',
        'é́́́',
        'Zürich',
        'ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ',
        '👩‍⚖️',
        '\u200d',
        '\u200b',
        'straße.de',
        'xn--mss-5cd.gov',
        '（617）５５５－０１２３',
        '“quoted”',
        'Λ',
        'ｆｕｌｌ：ｗｉｄｔｈ',
        'Ōsaka',
        'ـ',
        '\u202e',
        'ﬁle',
        'İstanbul',
        'ǅ',
      ];
      return fill(
        size,
        createRng(7),
        (rng) => rng.pick(words) + rng.pick([' ', '', '.', '、', '\n']),
      );
    },
  },
  {
    name: 'markdown-links',
    what: '10,000 markdown links to distinct hosts, about size/10,000 characters each (`[Link 17 …](https://abcd17.org/path?utm_source=x)`)',
    required: true,
    make: (size) => {
      const rng = createRng(8);
      const each = Math.floor(size / 10_000);
      const links: string[] = [];
      for (let i = 0; i < 10_000; i++) {
        const target = `https://${letters(rng, 4, 10)}${i}.${rng.pick(['org', 'com', 'gov', 'net'])}/${letters(rng, 2, 8)}?utm_source=x`;
        let label = `Link ${i}`;
        while (label.length + target.length + 5 < each) label += ` ${letters(rng, 2, 8)}`;
        links.push(`[${label}](${target}) `);
      }
      const text = links.join('');
      return text.length >= size ? text.slice(0, size) : text + ' '.repeat(size - text.length);
    },
  },
  {
    name: 'phone-list',
    what: 'extra: a bulleted list of directory numbers, one per line with no name (per-number work × blocks)',
    required: false,
    make: (size, directory) =>
      fill(size, createRng(9), (rng) => `- ${rng.pick(directory.phones)}\n`),
  },
  {
    name: 'names-and-numbers',
    what: 'extra: one paragraph alternating directory names and wrong numbers (per-number work × names)',
    required: false,
    make: (size, directory) =>
      fill(
        size,
        createRng(10),
        (rng) => `${rng.pick(directory.names)} ${rng.pick(directory.phones)}, `,
      ),
  },
];
