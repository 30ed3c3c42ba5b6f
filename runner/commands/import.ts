/**
 * `import`: a game log (spec/GAME-LOG.md) written as recorded fixtures, one file per game.
 * @module
 */
import { basename, extname, join, resolve } from 'node:path';
import { applyOptions } from '../../reference/index.ts';
import { type Command, EXIT, NothingToWorkOnError, parseCommandArgs, showPath, UsageError } from '../cli/command.ts';
import { userVariantsOrStop, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import type { Fixture } from '../fixture/fixture.ts';
import { fixtureToYaml } from '../fixture/fixture-yaml.ts';
import { loneCarriageReturn, readUserFile, writeFileSafely } from '../util/files.ts';
import { whyNotWritable } from '../cli/output-file.ts';
import { type LogProblem, readGameLog, recordedFixture } from '../fixture/game-log.ts';
import { attachSource, checkFixtureMeaning, fixtureIdOf } from '../load/fixtures.ts';
import { unknownVariantMessage } from '../load/variants.ts';

const OPTIONS = {
  out: { type: 'string' },
  variant: { type: 'string' },
  system: { type: 'string' },
  version: { type: 'string' },
  force: { type: 'boolean' },
  ...VARIANTS_OPTION,
} as const;

export const importCommand: Command = {
  name: 'import',
  summary: "write another system's game log as recorded fixtures",
  help: `Usage: scopa-conformance import <log.jsonl> [--out <dir>] [--variant <id|file>] [--system <name>]
                                [--version <v>] [--force] [--variants <dir>]

Reads a game log, what another system (an engine, a site, an app) recorded of the games it
played, one JSON object per line (spec/GAME-LOG.md), and writes each game as a fixture with
provenance "recorded": its deck orders and decisions, and as expectations what the system
said happened (the captures and trails, each round's points and totals, the result). A
recorded fixture is not verified: where the reference engine disagrees, \`run\` reports a
divergence, a finding about the recorded system.

Files go to <dir> (default fixtures/<variant>/ in the current folder) as
rec-<log name>-<n>.yaml, n counting the log's games from 1. Every problem in the log is
reported as "file:line: error: message" and nothing is written; so it is when a file
exists, unless --force (a directory, a FIFO or a device there, never).

Options:
  --out <dir>        the folder of the fixtures
  --variant <id>     the variant of games whose "game" line names none (an id, or the
                     path of a variant file: ./house.yaml)
  --variants <dir>   read the variant files of <dir> too (repeatable); they may extend
                     the package's
  --system <name>    the recording system, where the "game" line names none
  --version <v>      its version, likewise
  --force            replace existing files

Exit status: 0 when every game was written, 2 on a usage mistake or a problem in the log.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    if (positionals.length === 0) throw new NothingToWorkOnError('import needs the log file to read');
    if (positionals.length !== 1) throw new UsageError(`import takes one log file, got ${positionals.length}`);
    const log = resolve(io.cwd, positionals[0] as string);
    const variants = await userVariantsOrStop(values, [values.variant], io);
    const variant = values.variant === undefined ? undefined : variantIdOf(values.variant);
    if (variant !== undefined && !variants.has(variant)) throw new UsageError(unknownVariantMessage(variants, variant));
    const file = await readUserFile(log);
    const unread = file.ok ? loneCarriageReturn(file.text) : file.message;
    if (unread !== undefined || !file.ok) {
      io.stderr.write(`${showPath(log, io)}: error: ${unread}\n`);
      return EXIT.invalid;
    }

    const read = readGameLog(file.text, { ...values, variant });
    const problems: LogProblem[] = read.ok ? [] : read.problems;
    const planned: { path: string; fixture: Fixture }[] = [];
    const name = basename(log, extname(log)).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'log';
    for (const [index, game] of read.ok ? read.games.entries() : []) {
      // Into the current folder, never into the package's own fixtures/ where it is installed.
      const folder = resolve(io.cwd, values.out ?? join('fixtures', game.variant));
      const path = join(folder, `rec-${name}-${index + 1}.yaml`);
      const id = fixtureIdOf(path);
      const variant = variants.get(game.variant);
      const rules = variant === undefined ? undefined : applyOptions(variant, game.header.options);
      const automatic = rules?.ok === true && rules.value.capture.chooser === 'auto';
      const title = `Game ${index + 1} of ${basename(log)}, as ${game.system} ${game.version} recorded it`;
      const { fixture, locate } = recordedFixture(game, id, title, automatic);
      // The variant, options, setup, deck orders and expectations, each problem at the log line it comes from.
      const errors = checkFixtureMeaning(attachSource(fixture, { file: log, value: fixture, locate }), path, variants);
      problems.push(...errors);
      planned.push({ path, fixture });
    }
    if (problems.length > 0) {
      for (const { line, message } of problems) io.stderr.write(`${showPath(log, io)}:${line}: error: ${message}\n`);
      io.stderr.write(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${showPath(log, io)}: nothing was written\n`);
      return EXIT.invalid;
    }
    const refused = await Promise.all(planned.map(({ path }) => whyNotWritable(path, { flag: '--out' }, values.force === true)));
    const taken = planned.flatMap(({ path }, index) => (refused[index] === undefined ? [] : [`${showPath(path, io)}: error: ${refused[index]}`]));
    if (taken.length > 0) {
      io.stderr.write(`${taken.join('\n')}\n${taken.length} file${taken.length === 1 ? ' exists' : 's exist'}: nothing was written\n`);
      return EXIT.invalid;
    }
    for (const { path, fixture } of planned) {
      try {
        await writeFileSafely(path, fixtureToYaml(fixture, path), { create: values.force !== true });
      } catch (error) {
        io.stderr.write(`${showPath(path, io)}: error: cannot write: ${(error as Error).message}\n`);
        return EXIT.invalid;
      }
      io.stdout.write(`wrote ${showPath(path, io)}\n`);
    }
    return EXIT.ok;
  },
};
