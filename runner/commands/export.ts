/**
 * `export`: the selected fixtures as plain JSON (one document, or one fixture a line), each with its game laid out
 * and its expectations (runner/tools/suite-export.ts, spec/export.schema.json), on stdout or into a file.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { type Command, EXIT, parseCommandArgs, reportLoadErrors, showPath, UsageError } from '../cli/command.ts';
import { userVariantsOrStop, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { type OutputKind, outputFile, refuseToWriteOver, writeOutputFile } from '../cli/output-file.ts';
import { loadFixtureCorpus } from '../load/corpus.ts';
import { unknownVariantMessage } from '../load/variants.ts';
import { FIXTURES_DIR, PACKAGE_JSON } from '../util/repo-paths.ts';
import { type Selection, selectFixtures, splitList } from '../run/select.ts';
import { exportedFixture, type SuiteExport } from '../tools/suite-export.ts';

const FORMATS = ['json', 'jsonl'] as const;

/** What export writes: one document of the suite, or its fixtures a line each. */
const EXPORT: OutputKind = {
  flag: '--out',
  own: { what: 'an export', isOwn: (text) => /^\{"version":"[^"\n]*","fixtures":\[\n/.test(text) || /^\{"id":"[^"\n]*","file":"/.test(text) },
};

const OPTIONS = {
  format: { type: 'string', default: 'json' },
  out: { type: 'string' },
  force: { type: 'boolean' },
  variant: { type: 'string', multiple: true },
  filter: { type: 'string' },
  tags: { type: 'string' },
  ...VARIANTS_OPTION,
} as const;

export const exportCommand: Command = {
  name: 'export',
  summary: 'write the fixtures as plain JSON: each game laid out, with its expectations',
  help: `Usage: scopa-conformance export [paths|ids...] [--format json|jsonl] [--out <file>] [--force]
                                 [--variant <id>] [--filter <glob>] [--tags <a,b>] [--variants <dir>]

Writes the suite as data, for a runner in another language: every selected fixture
with its id, file, title, tags, rule ids and provenance, its game as an engine is
asked to replay it (the variant's rules with the options applied, the players and
their sides, and each round's deck orders, laid out: the dealer, the opening table
and what each seat holds after each deal, and the decisions), and its expectations.
The shape is spec/export.schema.json; spec/INTERPRETING.md says how to use it.

Fixtures are the files and directories given, or fixtures given by id (their path
under fixtures/ without .yaml); with none, every fixture in fixtures/. Every fixture
read must be valid: otherwise each problem is reported as file:line:col on stderr
and nothing is written.

Options:
  --format <f>     json (default): one document {version, fixtures: [...]}, a fixture
                   a line; jsonl: one fixture a line (each a $defs/fixture of the schema)
  --out <file>     write to this file instead of stdout, whole or not at all; a file
                   there that is not an export is not replaced without --force (a FIFO
                   or a device never), and one that holds this export already is left
  --force          replace a file at --out that is not an export
  --variant <id>   only fixtures of this variant (repeatable, or a,b); an id, or the
                   path of a variant file (./house.yaml)
  --variants <dir> read the variant files of <dir> too (repeatable), for fixtures of
                   variants of your own
  --filter <glob>  only fixtures whose id matches (* any characters, ? one)
  --tags <a,b>     only fixtures with at least one of these tags

Exit status: 0 written; 2 a usage mistake, an invalid variant or fixture, no fixture
selected, or a file not written (nothing is written then).`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const format = values.format;
    if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format takes ${FORMATS.join(' or ')}, got "${format}"`);
    if (values.force === true && values.out === undefined) throw new UsageError('--force goes with --out');
    const target = values.out === undefined ? undefined : await outputFile(values.out, EXPORT, io, values.force === true);
    const variantWords = values.variant?.flatMap(splitList);
    const selection: Selection = {
      ...(variantWords === undefined ? {} : { variants: variantWords.map(variantIdOf) }),
      ...(values.filter === undefined ? {} : { filter: values.filter }),
      ...(values.tags === undefined ? {} : { tags: splitList(values.tags) }),
    };
    const paths = positionals.length === 0 ? [FIXTURES_DIR] : await resolveFixtureArgs(positionals, io);

    const registry = await userVariantsOrStop(values, variantWords ?? [], io);
    for (const variant of selection.variants ?? []) {
      if (!registry.has(variant)) throw new UsageError(unknownVariantMessage(registry, variant));
    }
    const corpus = await loadFixtureCorpus(paths, registry);
    if (corpus.errors.length > 0) {
      reportLoadErrors(corpus.errors, io);
      io.stderr.write(`${corpus.errors.length} problem${corpus.errors.length === 1 ? '' : 's'} in the fixture files: nothing was written\n`);
      return EXIT.invalid;
    }
    if (target !== undefined) await refuseToWriteOver('--out', target.path, corpus.fixtures.map((loaded) => loaded.path), 'export', io);
    const selected = selectFixtures(corpus.fixtures, selection);
    if (selected.length === 0) {
      io.stderr.write(`error: no fixture matches the selection (${corpus.fixtures.length} read)\n`);
      return EXIT.invalid;
    }

    const fixtures = selected.map((loaded) => exportedFixture(loaded, showPath(loaded.path, io)));
    const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
    const suite: SuiteExport = { version, fixtures };
    const text = format === 'json' ? jsonDocument(suite) : fixtures.map((fixture) => `${JSON.stringify(fixture)}\n`).join('');
    if (target === undefined) {
      io.stdout.write(text);
      return EXIT.ok;
    }
    const written = await writeOutputFile(target, text, 'export', io);
    if (written === undefined) return EXIT.invalid;
    const what = `${fixtures.length} fixture${fixtures.length === 1 ? '' : 's'}`;
    io.stderr.write(written === 'written' ? `wrote ${what} to ${showPath(target.path, io)}\n` : `${showPath(target.path, io)} already holds these ${what}: unchanged\n`);
    return EXIT.ok;
  },
};

/** One JSON document, a fixture a line: a tenth of the size of an indented one, and a diff names the fixture changed. */
function jsonDocument(suite: SuiteExport): string {
  const fixtures = suite.fixtures.map((fixture) => JSON.stringify(fixture)).join(',\n');
  return `{"version":${JSON.stringify(suite.version)},"fixtures":[\n${fixtures}\n]}\n`;
}
