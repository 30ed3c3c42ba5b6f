/**
 * `update`: rewrites the expectations of generated fixtures from the reference engine, after a deliberate
 * change of the rules or the engine. Hand-verified and cross-checked fixtures are never touched.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { type Command, EXIT, parseCommandArgs, reportLoadErrors, showPath } from '../cli/command.ts';
import { userVariantsOrStop, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { expectationsOnReference } from '../fixture/expectations.ts';
import { fixtureToYaml } from '../fixture/fixture-yaml.ts';
import { type FileStamp, FileChangedError, fileStamp, readUserFile, writeFileSafely } from '../util/files.ts';
import { loadFixtureCorpus } from '../load/corpus.ts';
import { listFixtureFiles } from '../load/fixtures.ts';
import { PACKAGE_JSON } from '../util/repo-paths.ts';
import { lineDiff } from '../util/text-diff.ts';

export const updateCommand: Command = {
  name: 'update',
  summary: "rewrite generated fixtures' expectations from the reference engine",
  help: `Usage: scopa-conformance update [paths...] [--dry-run] [--variants <dir>]

Replays every generated fixture among the paths (default fixtures/ in the current
folder) on the reference engine and rewrites its expectations (every event, the round
score sheets, the result, and the legal decisions at the positions it lists) and engine
version, showing what changed. Each file is written whole or not at all.
Fixtures whose provenance is hand-verified or cross-checked are never rewritten.
Refused when the CI environment variable is set: in CI expectations are checked, not made.

Options:
  --dry-run          show what would change, write nothing
  --variants <dir>   read the variant files of <dir> too (repeatable), for fixtures of
                     variants of your own
A fixture file changed after update read it (an edit made while it runs) is not overwritten.
Ctrl-C stops after the file being written: every file is whole, and the count of those not
checked is printed.

Exit status: 0 done (or nothing to change); 2 refused, an invalid variant or fixture, or a
fixture not written (changed meanwhile, or not writable); 130, 143, 129 interrupted by Ctrl-C, SIGTERM, SIGHUP.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { 'dry-run': { type: 'boolean' }, ...VARIANTS_OPTION });
    if (io.env.CI !== undefined && io.env.CI !== '' && io.env.CI !== 'false') {
      io.stderr.write('error: update does not run in CI (CI is set): expectations are checked there, never rewritten\n');
      return EXIT.invalid;
    }
    const registry = await userVariantsOrStop(values, [], io);
    // The current folder's fixtures/, never the package's own where it is installed (in the repository, the same).
    const paths = positionals.length === 0 ? [join(io.cwd, 'fixtures')] : await resolveFixtureArgs(positionals, io);
    // Every file's stamp before it is read: a file edited while update runs is not overwritten.
    const listed = await listFixtureFiles(paths);
    const stamps = new Map<string, FileStamp>();
    for (const file of listed.ok ? listed.value : []) {
      const stamp = await fileStamp(file);
      if (stamp !== undefined) stamps.set(file, stamp);
    }
    const corpus = await loadFixtureCorpus(paths, registry);
    // A generated fixture whose expectations no longer match still loads: only its inputs must be legal.
    if (corpus.errors.length > 0) {
      reportLoadErrors(corpus.errors, io);
      return EXIT.invalid;
    }
    const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
    const dryRun = values['dry-run'] === true;
    let changed = 0;
    let generated = 0;
    let problems = 0;
    const todo = corpus.fixtures.filter(({ fixture }) => fixture.provenance.kind === 'generated').length;
    for (const { path, fixture, request } of corpus.fixtures) {
      if (fixture.provenance.kind !== 'generated') continue;
      if (io.signal?.aborted === true) break;
      generated++;
      const expect = expectationsOnReference(request, fixture.expect.legal)?.expect;
      if (expect === undefined) continue;
      const text = fixtureToYaml({ ...fixture, provenance: { ...fixture.provenance, engineVersion: version }, expect });
      const before = await readUserFile(path);
      if (!before.ok) {
        io.stderr.write(`${showPath(path, io)}: error: ${before.message}\n`);
        problems++;
        continue;
      }
      if (text === before.text) continue;
      changed++;
      if (!dryRun) {
        try {
          await writeFileSafely(path, text, { unchangedSince: stamps.get(path) });
        } catch (error) {
          const why = error instanceof FileChangedError ? 'changed since it was read: not overwritten (run update again)' : `cannot write: ${(error as Error).message}`;
          io.stderr.write(`${showPath(path, io)}: error: ${why}\n`);
          problems++;
          continue;
        }
      }
      io.stdout.write(`${dryRun ? 'would update' : 'updated'} ${showPath(path, io)}\n`);
      for (const line of lineDiff(before.text, text)) io.stdout.write(`  ${line}\n`);
    }
    io.stdout.write(`${changed} of ${generated} generated fixtures ${dryRun ? 'would change' : 'changed'}\n`);
    if (generated < todo) {
      io.stderr.write(`interrupted: ${todo - generated} of ${todo} generated fixtures not checked; every file written is whole (run update again for the rest)\n`);
      return EXIT.interrupted;
    }
    if (problems > 0) {
      io.stderr.write(`${problems} fixture${problems === 1 ? '' : 's'} not updated\n`);
      return EXIT.invalid;
    }
    return EXIT.ok;
  },
};
