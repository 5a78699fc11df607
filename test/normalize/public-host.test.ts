import { describe, expect, it } from 'vitest';
import { hostProblem } from '../../src/normalize/public-host.js';

// Hosts are given as `normalizeHost` leaves them (`www.` already gone).
describe('hostProblem: a host that is itself a public suffix of several labels is a site', () => {
  it.each(['gov.uk', 'nhs.uk', 'police.uk', 'gov.br', 'gov.pl', 'k12.ca.us'])('%s', (host) => {
    expect(hostProblem(host)).toBeNull();
  });

  it('a single label is still no host: a top-level domain alone, or an intranet name', () => {
    expect(hostProblem('com')).toMatchObject({ kind: 'no-suffix' });
    expect(hostProblem('intranet-help')).toMatchObject({ kind: 'no-suffix' });
  });

  it('a last label that is no top-level domain is still no host', () => {
    expect(hostProblem('legalaid.orgg')).toMatchObject({ kind: 'no-suffix' });
    expect(hostProblem('gov.lawful')).toMatchObject({ kind: 'no-suffix' });
  });
});

describe('hostProblem: placeholders need the template word and what it stands in for', () => {
  it.each([
    'my.games',
    'my.com',
    'sample.com',
    'your.org',
    'fake.news',
    'insert.com',
    'dummy.org',
    'mygov.scot',
  ])('%s is a real name', (host) => {
    expect(hostProblem(host)).toBeNull();
  });

  it.each([
    'yourdomain.org',
    'your-legal-aid.org',
    'insertlink.com',
    'my-website.net',
    'sample-url.org',
    'fakelawfirm.com',
  ])('%s is template text', (host) => {
    expect(hostProblem(host)).toMatchObject({ kind: 'placeholder' });
  });
});
