import { resolve } from 'node:path';
import { loadAllowlist } from '../allowlist/load.js';
import type { Allowlist } from '../allowlist/schema.js';
import { printable } from '../util/strings.js';
import { defineCommand, OUTPUT_FLAGS } from './args.js';
import { EXIT, type Subcommand } from './io.js';
import { openOutput } from './output.js';
import { InputError } from '../errors.js';
import { buildAllowlist, renderAllowlist } from '../../builders/build.js';
import { assertNoWarnings, formatMessages } from '../../builders/messages.js';
import { parseCsvBytes, readCsvFile } from '../../builders/csv.js';
import { formatSummary } from '../../builders/summary.js';
import type { BuildOptions } from '../../builders/types.js';

const USAGE = `Usage: citation-verifier build-allowlist DIRECTORY.csv [MORE.csv …] --org-column NAME
         [--url-column NAME]… [--phone-column NAME]… [--alias-column NAME]… [--domain-column NAME]…
         [--area-column NAME] [--no-derive-domains] [--merge EXISTING.json] [--strict] [-o allowlist.json]

Build the allowlist from a directory spreadsheet exported as CSV (UTF-8 or UTF-16, with or
without BOM; ',' ';' or tab delimited). Column names match ignoring case and surrounding spaces;
every file must have every named column. '-' reads one CSV from standard input.

Options:
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
  -o, --output FILE      write here, atomically; without it the JSON goes to standard output

The summary (rows, organizations, URLs, domains, numbers, warnings) goes to standard error.
Exit codes: 0 written, 3 bad input (or a warning with --strict), 1 unexpected error.
`;

/**
 * `citation-verifier build-allowlist`: reads the CSVs and the `--merge` allowlist, builds with
 * `buildAllowlist`, prints the summary on stderr, then writes the validated, deterministic JSON
 * atomically to `-o` or to stdout. Returns 0; bad input throws `InputError`, which the dispatcher
 * maps to exit 3. Nothing is written when anything fails, so an existing `-o` file is untouched.
 */
export const buildAllowlistCommand: Subcommand = defineCommand({
  name: 'build-allowlist',
  usage: USAGE,
  flags: {
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
    if (values['org-column'] === undefined)
      throw new InputError(
        'USAGE',
        `--org-column is required: the column that holds each organization's name\n\n${USAGE}`,
      );
    if ((values.merge ?? []).length > 1)
      throw new InputError('USAGE', `--merge takes one allowlist; got ${values.merge!.length}`);

    // Before reading a row: a wrong -o or --messages is said at once, not after the build.
    const output = await openOutput(values.output, 'the allowlist', io);
    const messages = values.messages;
    const messagesOutput =
      messages !== undefined && messages !== '-'
        ? await openOutput(messages, 'the messages', io, '--messages')
        : undefined;
    const tables = [];
    if (positionals.filter((path) => path === '-').length > 1)
      throw new InputError('USAGE', "standard input ('-') can be read once");
    for (const path of positionals) {
      tables.push(
        path === '-'
          ? parseCsvBytes(
              await (io.readStdinBytes?.() ??
                io.readStdin().then((text) => Buffer.from(text, 'utf8'))),
              'standard input',
            )
          : await readCsvFile(resolve(io.cwd, path), path),
      );
    }

    const options: BuildOptions = {
      columns: {
        org: values['org-column'],
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
      const base: Allowlist = await loadAllowlist(resolve(io.cwd, mergePath), mergePath);
      options.base = base;
      options.baseSource = mergePath;
    }

    const result = buildAllowlist(tables, options);
    io.stderr(printable(formatSummary(result, 'build-allowlist', { all: messages === '-' })));
    await messagesOutput?.write(formatMessages(result));
    if (values.strict) assertNoWarnings(result);
    const text = renderAllowlist(result.allowlist);

    await output.write(text);
    return EXIT.pass;
  },
});
