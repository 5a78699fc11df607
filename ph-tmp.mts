import { readFileSync } from 'node:fs';
import { plainE164, normalizePhone } from './src/normalize/phone.ts';
import { cleanOrgName } from './src/normalize/name.ts';
import { fileShape } from './src/allowlist/schema.ts';
const data = JSON.parse(readFileSync('/tmp/al100k.json', 'utf8'));
const names = fileShape(data)!.phoneNames;
const mode = process.argv[2]!;
const rec = data.org_phones;
const t0 = performance.now();
if (mode.includes('p')) Object.setPrototypeOf(rec, null);
let sink = 0;
for (let k = 0; k < names.length; k++) {
  const raw = names[k]!;
  const nums = rec[raw];
  const name = cleanOrgName(raw);
  if (name !== raw) sink++;
  let w = 0;
  for (let i = 0; i < nums.length; i++) {
    let e = plainE164(nums[i]);
    if (e === null) { const r = normalizePhone(nums[i]); e = r.ok ? r.e164 : ''; }
    let dup = false;
    for (let j = 0; j < w; j++) if (nums[j] === e) { dup = true; break; }
    if (!dup) nums[w++] = e;
  }
  if (w < nums.length) nums.length = w;
}
console.log(mode, (performance.now() - t0).toFixed(0), sink, rec['Oakley Lawyer Referral Service'], Object.getPrototypeOf(rec));
