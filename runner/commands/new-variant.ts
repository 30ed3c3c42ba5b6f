/**
 * `new <id> --extends <variant>`: a rule designer's start. Writes a variant file that extends another, every knob
 * commented at the parent's value, never over a file that exists, and says what to run next.
 * @module
 */
import { basename, dirname, join, relative, resolve } from 'node:path';
import { type Command, EXIT, NothingToWorkOnError, parseCommandArgs, showPath, UsageError } from '../cli/command.ts';
import { userVariantsFlags, userVariantsOrStop, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { FileExistsError, writeFileSafely } from '../util/files.ts';
import { VARIANTS_DIR } from '../util/repo-paths.ts';
import { variantTemplate } from '../tools/variant-template.ts';
import { variantWithSettings } from './variant.ts';

const OPTIONS = {
  extends: { type: 'string' },
  out: { type: 'string' },
  ...VARIANTS_OPTION,
} as const;

const VARIANT_ID = /^[a-z][a-z0-9-]*$/;

export const newVariantCommand: Command = {
  name: 'new',
  summary: 'start a new variant file from one that exists, its knobs ready to edit',
  help: `Usage: scopa-conformance new <id> --extends <variant> [--out <file>] [--variants <dir>]

Writes variants/<id>.yaml in the current folder (or <file>, which must be named
<id>.yaml): a variant that extends <variant>, with every knob written out at <variant>'s
value and commented out, each under its rule ids, its meaning and the values it takes.
As written, it plays exactly as <variant> does; uncomment the knobs to change and edit
them. A file that exists is never replaced. Then prints the commands that check the new
variant, print its rulebook, play it and write its corpus.

Options:
  --extends <variant>   the variant to start from: an id, or the path of a variant file
  --out <file>          write here instead of variants/<id>.yaml; the variant it extends
                        is looked up beside it, then in the --variants folders, then among
                        the package's variants
  --variants <dir>      read the variant files of <dir> too (repeatable)

Exit status: 0 when the file was written, 2 on a usage mistake (a bad or taken id, an
unknown variant) or when the file exists or cannot be written.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const [id, ...extra] = positionals;
    if (id === undefined) throw new NothingToWorkOnError('new needs the id of the variant to write');
    if (extra.length > 0) throw new UsageError(`new takes one id, got "${positionals.join(' ')}"`);
    if (!VARIANT_ID.test(id)) throw new UsageError(`a variant id is lower-case letters, digits and dashes, starting with a letter; got "${id}"`);
    if (values.extends === undefined) throw new UsageError('--extends <variant> is required: the variant to start from');
    const path = resolve(io.cwd, values.out ?? join('variants', `${id}.yaml`));
    if (basename(path) !== `${id}.yaml`) throw new UsageError(`--out must name a file ${id}.yaml (a variant's file is named by its id), got "${values.out}"`);

    const registry = await userVariantsOrStop(values, [values.extends], io);
    if (registry.has(id)) throw new UsageError(`variant "${id}" exists already (variants/${id}.yaml): choose another id`);
    const { variant: parent, rules } = variantWithSettings(registry, variantIdOf(values.extends), []);

    try {
      await writeFileSafely(path, variantTemplate(id, parent), { create: true });
    } catch (error) {
      const why = error instanceof FileExistsError ? 'exists; not overwritten' : `cannot write: ${(error as Error).message}`;
      io.stderr.write(`${showPath(path, io)}: error: ${why}\n`);
      return EXIT.invalid;
    }

    const shown = showPath(path, io);
    const players = rules.players.seatings[0]?.players[0] ?? 2;
    const withPlayers = players === 2 ? '' : ` --players ${players}`;
    // Outside the package's variants/, the commands after need to be told where the new variant is (and its parent).
    const folder = relative(VARIANTS_DIR, dirname(path)) === '' ? [] : [showPath(dirname(path), io)];
    const flags = userVariantsFlags({ variants: [...folder, ...(values.variants ?? [])] }, [values.extends]);
    const withVariants = flags.length === 0 ? '' : ` ${flags.join(' ')}`;
    io.stdout.write(`wrote ${shown}: extends ${parent.id}, its knobs commented out at ${parent.id}'s values

Next:
  edit ${shown}: the title, the source, and the knobs you change
  npx scopa-conformance validate ${shown}${withVariants}
  npx scopa-conformance explain ${id}${withVariants}
  npx scopa-conformance selfplay --variant ${id} --games 200${withPlayers}${withVariants}
  npx scopa-conformance generate --variant ${id} --seed 1 --count 50${withPlayers}${withVariants}
  npx scopa-conformance score fixtures/${id}/gen-${players === 2 ? '' : `p${players}-`}s1.yaml${withVariants}
`);
    return EXIT.ok;
  },
};
