import { resolve } from 'node:path';
import { loadAllowlist } from '../allowlist/load.js';
import { printable } from '../util/strings.js';
import { defineCommand, OUTPUT_FLAGS } from './args.js';
import { EXIT, type Subcommand } from './io.js';
import { openOutput } from './output.js';
import { InputError } from '../errors.js';
import { buildAllowlist, renderAllowlist } from '../../builders/build.js';
import { assertNoWarnings, formatMessages } from '../../builders/messages.js';
import { parseCsvBytes } from '../../builders/csv.js';
import type { Directory, DirectoryKind } from '../../builders/directory.js';
import { readDirectoryExport } from '../../builders/directory-files.js';
import { formatSummary } from '../../builders/summary.js';
import type { BuildOptions, Table } from '../../builders/types.js';

const USAGE = `Usage: citation-verifier build-allowlist DIRECTORY.csv [MORE.csv …] --org-column NAME
         [--url-column NAME]… [--phone-column NAME]… [--alias-column NAME]… [--domain-column NAME]…
         [--area-column NAME] [--no-derive-domains] [--merge EXISTING.json] [--strict] [-o allowlist.json]
       citation-verifier build-allowlist [--from hsds] EXPORT/ | EXPORT.zip | datapackage.json [options]
       citation-verifier build-allowlist [--from icarol] ICAROL-EXPORT.csv [options]

Build the allowlist from a directory spreadsheet exported as CSV (UTF-8 or UTF-16, with or
without BOM; ',' ';' or tab delimited). Column names match ignoring case and surrounding spaces;
every file must have every named column. '-' reads one CSV from standard input.

An Open Referral (HSDS 1.x-3.x) datapackage or an iCarol resource export is read as it comes,
with no column flags: organizations, their services, programs, sites and phones tied by the
export's own ids (docs/BUILDER.md). A folder, a .zip or a datapackage.json is HSDS, and a CSV with
iCarol's ResourceAgencyNum and PublicName columns is iCarol, without --from.

Options:
  --from KIND            csv, hsds or icarol: how to read the input (default: as it says)
  --org-column NAME      the organization's name (required)
  --url-column NAME      web addresses (repeatable: Website, Intake Page, …)
  --phone-column NAME    phone numbers (repeatable: Phone, Hotline, Intake Line, …);
                         a fax column does not belong here: a fax is no number to call
  --alias-column NAME    other names the organization goes by (org_aliases; several per cell
                         separated by ';' or one per line)
  --domain-column NAME   publishing hosts that are in no URL (e.g. mass.gov)
  --area-column NAME     the states each organization serves (MA, Massachusetts; US or national
                         for nationwide; several separated by ';'), into org_areas and link_areas
                         for --jurisdiction (docs/JURISDICTION.md)
  --no-derive-domains    keep exact URLs only; do not add each URL's host to "domains"
                         (use it when one host, such as a state portal, serves many organizations)
  --merge FILE           add to this allowlist instead of starting empty (may equal -o)
  --strict               fail (exit 3) on any warning instead of skipping the value or row
  --messages FILE|-      every warning and note, one a line, to FILE ('-': all of them in the
                         summary on standard error; without it the summary shows the first few)
  -o, --output FILE      write here, atomically; without it (or with -) the JSON goes to standard
                         output

The summary (rows, organizations, URLs, domains, numbers, warnings) goes to standard error.
Exit codes: 0 written, 3 bad input (or a warning with --strict), 1 unexpected error.
`;

/** `build-allowlist`: the summary on stderr, the JSON to `-o`; nothing written on a failure. */
export const buildAllowlistCommand: Subcommand = defineCommand({
  name: 'build-allowlist',
  usage: USAGE,
  flags: {
    from: { type: 'string' },
    'org-column': { type: 'string' },
    'url-column': { type: 'string', multiple: true },
    'phone-column': { type: 'string', multiple: true },
    'alias-column': { type: 'string', multiple: true },
    'domain-column': { type: 'string', multiple: true },
    'area-column': { type: 'string' },
    'no-derive-domains': { type: 'boolean', default: false },
    merge: { type: 'string', multiple: true },
    strict: { type: 'boolean', default: false },
    messages: { type: 'string' },
    output: OUTPUT_FLAGS.output,
  },
  async run({ values, positionals }, io) {
    if (positionals.length === 0)
      throw new InputError('USAGE', `name at least one directory CSV\n\n${USAGE}`);
    const from = kindFlag(values.from);
    const inputs = await readInputs(positionals, from, io);
    const directory = inputs.find((input): input is Directory => !('header' in input));
    if (directory !== undefined && inputs.length > 1)
      throw new InputError(
        'USAGE',
        `an ${directory.kind === 'hsds' ? 'HSDS' : 'iCarol'} export is built alone: name it and nothing else (got ${positionals.length} inputs); merge builds with --merge`,
      );
    const columnFlags = COLUMN_FLAGS.filter((flag) => values[flag] !== undefined);
    if (directory !== undefined && columnFlags.length > 0)
      throw new InputError(
        'USAGE',
        `${directory.source} is ${directory.kind === 'hsds' ? 'an Open Referral (HSDS)' : 'an iCarol'} export, which names its own columns; leave out --${columnFlags[0]}, or pass --from csv to read it as a plain CSV`,
      );
    if (directory === undefined && values['org-column'] === undefined)
      throw new InputError(
        'USAGE',
        `--org-column is required: the column that holds each organization's name\n\n${USAGE}`,
      );
    if ((values.merge ?? []).length > 1)
      throw new InputError('USAGE', `--merge takes one allowlist; got ${values.merge!.length}`);

    // Before building: a wrong -o or --messages is said at once, not after the build.
    const output = await openOutput(values.output, 'the allowlist', io);
    const messages = values.messages;
    const messagesOutput =
      messages !== undefined && messages !== '-'
        ? await openOutput(messages, 'the messages', io, '--messages')
        : undefined;

    const options: BuildOptions = {
      columns: {
        org: values['org-column'] ?? '',
        urls: values['url-column'] ?? [],
        phones: values['phone-column'] ?? [],
        aliases: values['alias-column'] ?? [],
        domains: values['domain-column'] ?? [],
        ...(values['area-column'] !== undefined ? { area: values['area-column'] } : {}),
      },
      deriveDomains: !values['no-derive-domains'],
    };
    const mergePath = values.merge?.[0];
    if (mergePath !== undefined) {
      options.base = await loadAllowlist(resolve(io.cwd, mergePath), mergePath);
      options.baseSource = mergePath;
    }

    const result =
      directory !== undefined
        ? buildAllowlist(directory, options)
        : buildAllowlist(inputs as Table[], options);
    io.stderr(printable(formatSummary(result, 'build-allowlist', { all: messages === '-' })));
    await messagesOutput?.write(printable(formatMessages(result)));
    if (values.strict) assertNoWarnings(result);
    await output.write(renderAllowlist(result.allowlist));
    return EXIT.pass;
  },
});

const COLUMN_FLAGS = [
  'org-column',
  'url-column',
  'phone-column',
  'alias-column',
  'domain-column',
  'area-column',
] as const;

const KINDS: readonly DirectoryKind[] = ['csv', 'hsds', 'icarol'];

function kindFlag(value: string | undefined): DirectoryKind | undefined {
  if (value === undefined) return undefined;
  const kind = KINDS.find((name) => name === value.toLowerCase());
  if (kind === undefined)
    throw new InputError('USAGE', `--from takes csv, hsds or icarol; got ${JSON.stringify(value)}`);
  return kind;
}

/** Each input read: a CSV's table, or a directory export (HSDS, iCarol) read whole. */
async function readInputs(
  positionals: readonly string[],
  from: DirectoryKind | undefined,
  io: Parameters<Subcommand['run']>[1],
): Promise<Array<Table | Directory>> {
  if (positionals.filter((path) => path === '-').length > 1)
    throw new InputError('USAGE', "standard input ('-') can be read once");
  const inputs: Array<Table | Directory> = [];
  for (const path of positionals) {
    if (path === '-') {
      if (from !== undefined && from !== 'csv')
        throw new InputError(
          'USAGE',
          `standard input is read as a CSV; name the ${from} export's file or folder instead`,
        );
      inputs.push(
        parseCsvBytes(
          await (io.readStdinBytes?.() ?? io.readStdin().then((text) => Buffer.from(text, 'utf8'))),
          'standard input',
        ),
      );
    } else inputs.push(await readDirectoryExport(resolve(io.cwd, path), path, from));
  }
  return inputs;
}
