/**
 * `generate`: seeded random games on the reference engine, written as generated fixtures.
 * @module
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { MAX_PLAYERS } from '../../reference/index.ts';
import { type Command, EXIT, integerOption, parseCommandArgs, showPath, UsageError } from '../cli/command.ts';
import { whyNotWritable } from '../cli/output-file.ts';
import { userVariantsOrStop, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { fixtureToYaml } from '../fixture/fixture-yaml.ts';
import { generateFixture, optionSlug } from '../fixture/generate.ts';
import { FIXTURES_DIR, PACKAGE_JSON } from '../util/repo-paths.ts';
import { fileStamp, readUserFile, writeFileSafely } from '../util/files.ts';
import { variantWithSettings } from './variant.ts';

const OPTIONS = {
  variant: { type: 'string' },
  option: { type: 'string', short: 'o', multiple: true },
  players: { type: 'string', default: '2' },
  seed: { type: 'string' },
  count: { type: 'string', default: '1' },
  out: { type: 'string' },
  legal: { type: 'boolean' },
  force: { type: 'boolean' },
  ...VARIANTS_OPTION,
} as const;

/**
 * Why a file may not be written, or undefined if it may: a file that exists is replaced only with --force, and
 * only if it is itself a generated fixture (a hand-verified one is never replaced); a directory, a FIFO or a
 * device never.
 */
async function notReplaceable(path: string, force: boolean): Promise<string | undefined> {
  const special = await whyNotWritable(path, { flag: '--out' }, true);
  if (special !== undefined) return special;
  const stamp = await fileStamp(path);
  if (stamp === undefined) return undefined;
  if (!force) return 'exists; not overwritten (--force replaces generated fixtures)';
  const read = await readUserFile(path);
  let kind: unknown;
  try {
    kind = read.ok ? (parse(read.text) as { provenance?: { kind?: unknown } } | null)?.provenance?.kind : undefined;
  } catch {
    kind = undefined;
  }
  return kind === 'generated' ? undefined : 'exists and is not a generated fixture; not overwritten';
}

export const generateCommand: Command = {
  name: 'generate',
  summary: 'write seeded random games of a variant as generated fixtures',
  help: `Usage: scopa-conformance generate --variant <id|file> [--option name=value ...] --seed <n>
                                [--count <k>] [--players <n>] [--out <dir>] [--legal] [--force]
                                [--variants <dir>]

Plays <k> games (default 1) on the reference engine with seeds <n>, <n>+1, ...: decks
shuffled and each decision drawn uniformly from the legal ones. Each game is written as
a fixture whose expectations (every event, each round's score sheet, the result) come
from the reference engine, with provenance "generated" (generator, seed, engine
version). Files go to <dir> (default fixtures/<variant>/ in the current folder) as
gen-[legal-][<options>-]s<seed>.yaml. A file that exists is not overwritten unless --force
is given, and then only if it is a generated fixture. Exit status: 0 when every file was
written, 2 on a usage mistake or a file not written.

Options:
  --force   replace generated fixtures that exist (never a hand-verified one)
  --legal   keep each game's first round only, and add the legal decisions before each of
            its plays (expect.legal, checked through the engine's optional legal request)
  --variants <dir>
            read the variant files of <dir> too (repeatable); they may extend the
            package's. --variant may also name a variant file (./house.yaml)`,

  async run(args, io) {
    const { values } = parseCommandArgs(args, OPTIONS);
    if (values.variant === undefined) throw new UsageError('--variant is required');
    if (values.seed === undefined) throw new UsageError('--seed is required');
    const seed = integerOption('seed', values.seed, 0);
    const count = integerOption('count', values.count, 1, Number.MAX_SAFE_INTEGER - seed);
    const players = integerOption('players', values.players, 2, MAX_PLAYERS);
    const registry = await userVariantsOrStop(values, [values.variant], io);
    const { variant, options, rules } = variantWithSettings(registry, variantIdOf(values.variant), values.option ?? []);
    // Into the current folder, never into the package's own fixtures/ where it is installed.
    const out = resolve(io.cwd, values.out ?? join('fixtures', variant.id));
    const underFixtures = relative(FIXTURES_DIR, out);
    const group = underFixtures !== '' && !underFixtures.startsWith('..') && !underFixtures.includes('/') ? underFixtures : basename(out);
    const outInfo = await stat(out).catch(() => undefined);
    if (outInfo !== undefined && !outInfo.isDirectory()) throw new UsageError(`--out ${showPath(out, io)} is not a directory`);
    const { version } = JSON.parse(await readFile(PACKAGE_JSON, 'utf8')) as { version: string };
    const slug = optionSlug(options);
    for (let game = 0; game < count; game++) {
      const name = `gen-${values.legal === true ? 'legal-' : ''}${slug === '' ? '' : `${slug}-`}${players === 2 ? '' : `p${players}-`}s${seed + game}`;
      const path = join(out, `${name}.yaml`);
      const refused = await notReplaceable(path, values.force === true);
      if (refused !== undefined) {
        io.stderr.write(`${showPath(path, io)}: error: ${refused}\n`);
        return EXIT.invalid;
      }
      const spec = { variant: variant.id, options, rules, players, seed: seed + game, legal: values.legal === true };
      let fixture;
      try {
        fixture = generateFixture(spec, `${group}/${name}`, version);
      } catch (error) {
        throw new UsageError(`${variant.id} with ${players} players: ${(error as Error).message}`);
      }
      try {
        await writeFileSafely(path, fixtureToYaml(fixture));
      } catch (error) {
        io.stderr.write(`${showPath(path, io)}: error: cannot write: ${(error as Error).message}\n`);
        return EXIT.invalid;
      }
    }
    io.stdout.write(`wrote ${count} generated fixture${count === 1 ? '' : 's'} to ${showPath(out, io)}\n`);
    return EXIT.ok;
  },
};
