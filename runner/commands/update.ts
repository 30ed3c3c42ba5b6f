/**
 * `update`: rewrites the expectations of generated fixtures from the reference engine, after a deliberate
 * change of the rules or the engine. Hand-verified and cross-checked fixtures are never touched.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Command, EXIT, parseCommandArgs, reportLoadErrors, showPath } from '../command.ts';
import { expectationsOnReference } from '../expectations.ts';
import { fixtureToYaml } from '../fixture-yaml.ts';
import { loadFixtureCorpus } from '../load/fixtures.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { FIXTURES_DIR, PACKAGE_JSON } from '../repo-paths.ts';
import { lineDiff } from '../text-diff.ts';
import { writeFileAtomic } from '../write-atomic.ts';

export const updateCommand: Command = {
  name: 'update',
  summary: "rewrite generated fixtures' expectations from the reference engine",
  help: `Usage: scopa-conformance update [paths...] [--dry-run]

Replays every generated fixture among the paths (default fixtures/) on the reference
engine and rewrites its expectations (every event, the round score sheets, the result, and
the legal decisions at the positions it lists) and engine version, showing what changed. Each file is written whole or not at all.
Fixtures whose provenance is hand-verified or cross-checked are never rewritten.
Refused when the CI environment variable is set: in CI expectations are checked, not made.

Options:
  --dry-run   show what would change, write nothing
Exit status: 0 done (or nothing to change), 2 refused, or an invalid variant or fixture.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { 'dry-run': { type: 'boolean' } });
    if (io.env.CI !== undefined && io.env.CI !== '' && io.env.CI !== 'false') {
      io.stderr.write('error: update does not run in CI (CI is set): expectations are checked there, never rewritten\n');
      return EXIT.invalid;
    }
    const registry = await loadVariantRegistry();
    if (!registry.ok) {
      reportLoadErrors(registry.errors, io);
      return EXIT.invalid;
    }
    const paths = positionals.length === 0 ? [FIXTURES_DIR] : positionals.map((path) => resolve(io.cwd, path));
    const corpus = await loadFixtureCorpus(paths, registry.value);
    // A generated fixture whose expectations no longer match still loads: only its inputs must be legal.
    if (corpus.errors.length > 0) {
      reportLoadErrors(corpus.errors, io);
      return EXIT.invalid;
    }
    const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
    let changed = 0;
    let generated = 0;
    for (const { path, fixture, request } of corpus.fixtures) {
      if (fixture.provenance.kind !== 'generated') continue;
      generated++;
      const expect = expectationsOnReference(request, fixture.expect.legal)?.expect;
      if (expect === undefined) continue;
      const text = fixtureToYaml({ ...fixture, provenance: { ...fixture.provenance, engineVersion: version }, expect });
      const before = await readFile(path, 'utf8');
      if (text === before) continue;
      changed++;
      io.stdout.write(`${values['dry-run'] === true ? 'would update' : 'updated'} ${showPath(path, io)}\n`);
      for (const line of lineDiff(before, text)) io.stdout.write(`  ${line}\n`);
      if (values['dry-run'] !== true) await writeFileAtomic(path, text);
    }
    io.stdout.write(`${changed} of ${generated} generated fixtures ${values['dry-run'] === true ? 'would change' : 'changed'}\n`);
    return EXIT.ok;
  },
};
