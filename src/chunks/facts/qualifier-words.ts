import { byMeaning, byValue } from './number-words.js';

export const PERCENT_WORDS = new Set(['percent', 'pct', 'percentage']);
export const CURRENCY_WORDS = byMeaning({
  usd: 'dollar dollars usd',
  eur: 'euro euros eur',
  gbp: 'gbp sterling',
  jpy: 'yen jpy',
  inr: 'rupee rupees inr',
  zar: 'rand zar',
  cny: 'yuan renminbi cny',
  chf: 'francs chf',
  cad: 'cad',
  aud: 'aud',
});
export const CURRENCY_SYMBOLS = byMeaning({ usd: '$', eur: '€', gbp: '£', jpy: '¥', inr: '₹' });
export const CURRENCY_PREFIX_WORDS = new Set(['usd', 'eur', 'gbp', 'inr', 'cad', 'aud']);
/** Unit words, each folded to one name (plural and abbreviation alike). */
export const UNITS = byMeaning({
  second: 'second seconds sec secs',
  minute: 'minute minutes min mins',
  hour: 'hour hours hr hrs h',
  day: 'day days',
  week: 'week weeks wk wks',
  month: 'month months mo mos',
  year: 'year years yr yrs',
  decade: 'decade decades',
  century: 'century centuries',
  times: 'time times',
  mile: 'mile miles mi',
  km: 'km kilometer kilometers kilometre kilometres',
  meter: 'meter meters metre metres',
  cm: 'cm',
  mm: 'mm',
  foot: 'foot feet ft',
  inch: 'inch inches',
  kg: 'kg kilogram kilograms',
  gram: 'gram grams',
  mg: 'mg milligram milligrams',
  pound: 'lb lbs pound pounds',
  ounce: 'ounce ounces oz',
  liter: 'liter liters litre litres',
  ml: 'ml',
  gallon: 'gallon gallons',
  degree: 'degree degrees',
  calorie: 'calorie calories kcal',
  mph: 'mph',
  acre: 'acre acres',
  hectare: 'hectare hectares',
  gb: 'gb',
  mb: 'mb',
  tb: 'tb',
  kb: 'kb',
  ghz: 'ghz',
  mhz: 'mhz',
  kw: 'kw',
  kwh: 'kwh',
  mw: 'mw',
});
/** Words that may stand between a number and its unit (`14 calendar days`). */
export const UNIT_MODIFIERS = new Set([
  'calendar',
  'business',
  'working',
  'full',
  'consecutive',
  'additional',
  'more',
  'straight',
  'school',
  'court',
  'whole',
  'extra',
  'clear',
]);
export const HEDGES = new Set([
  'about',
  'approximately',
  'approx',
  'around',
  'roughly',
  'nearly',
  'almost',
  'circa',
  'ca',
  'over',
  'under',
  'than',
  'least',
  'most',
  'estimated',
  'some',
  'upwards',
  '~',
]);

export const FRACTION_NUMERATORS = byValue({ 1: 'a one', 2: 'two', 3: 'three' });
export const FRACTION_DENOMINATORS = byValue({
  3: 'third thirds',
  4: 'quarter quarters',
  5: 'fifth fifths',
  2: 'half',
});

export const YEAR_BOUNDS = new Set(['before', 'after', 'until', 'till', 'by', 'since', 'prior']);

export const MONEY_SUFFIX_SCALES = byValue({ 1e3: 'k', 1e6: 'm mn mm', 1e9: 'b bn', 1e12: 't tn' });
