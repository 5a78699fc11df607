import { InputError } from '../errors.js';

/** A US state, DC or territory by postal code; never `US`, the area of a nationwide resource. */
export type Jurisdiction = string;

/** The area of a resource that serves every jurisdiction (federal agencies, national hotlines). */
export const NATIONWIDE = 'US';

/** Postal code → name for the 50 states, DC and five inhabited territories; unchanged for decades. */
export const JURISDICTIONS: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
};

/** Spellings of a name that people write and the table does not hold as is. */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  'washington dc': 'DC',
  'washington d c': 'DC',
  'd c': 'DC',
  'virgin islands': 'VI',
  'us virgin islands': 'VI',
  'united states virgin islands': 'VI',
  'northern mariana islands': 'MP',
  'commonwealth of the northern mariana islands': 'MP',
  'commonwealth of massachusetts': 'MA',
  'commonwealth of pennsylvania': 'PA',
  'commonwealth of virginia': 'VA',
  'commonwealth of kentucky': 'KY',
  'commonwealth of puerto rico': 'PR',
};

/** A name folded for lookup: lower case, dots and hyphens as spaces, one space between words. */
function foldName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[.\-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const BY_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(JURISDICTIONS).map(([code, name]) => [foldName(name), code] as const),
  ...Object.entries(OTHER_NAMES),
]);

/** The code of a jurisdiction written as a code or name, any case; null otherwise (`US` too). */
export function jurisdictionOf(text: string): Jurisdiction | null {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toUpperCase();
    return JURISDICTIONS[code] !== undefined ? code : null;
  }
  return BY_NAME.get(foldName(trimmed.replace(/,/g, ' '))) ?? null;
}

/** The words of a message that lists what may be written. */
export const ACCEPTED_FORMS =
  'a two-letter US state, DC or territory code (MA, DC, PR, GU, VI, AS, MP) or its full name (Massachusetts, District of Columbia), any case';

/** `jurisdictionOf`, or an `InputError` naming `where` the value came from and the accepted forms. */
export function parseJurisdiction(value: unknown, where: string): Jurisdiction {
  const code = typeof value === 'string' ? jurisdictionOf(value) : null;
  if (code !== null) return code;
  const shown = typeof value === 'string' ? JSON.stringify(value) : describe(value);
  throw new InputError(
    'INVALID_CONFIG',
    `${where}: ${shown} is not a jurisdiction; write ${ACCEPTED_FORMS}`,
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** One area as a directory writes it: a jurisdiction, or `US`/`national` (`NATIONWIDE`); else null. */
export function areaOf(text: string): string | null {
  const folded = foldName(text);
  if (['us', 'usa', 'u s', 'u s a', 'national', 'nationwide', 'united states'].includes(folded))
    return NATIONWIDE;
  return jurisdictionOf(text);
}
