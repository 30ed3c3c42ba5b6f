/**
 * `new <id> --extends <variant>`: a rule designer's start. Writes a variant file that extends another, every knob
 * commented at the parent's value, never over a file that exists, and says what to run next.
 * @module
 */
import { basename, dirname, join, relative, resolve } from 'node:path';
import { type Command, EXIT, parseCommandArgs, showPath, UsageError, variantsOrStop } from '../cli/command.ts';
import { FileExistsError, writeFileSafely } from '../util/files.ts';
import { VARIANTS_DIR } from '../util/repo-paths.ts';
import { variantTemplate } from '../tools/variant-template.ts';
import { variantWithSettings } from './variant.ts';

const OPTIONS = {
  extends: { type: 'string' },
  out: { type: 'string' },
} as const;

const VARIANT_ID = /^[a-z][a-z0-9-]*$/;

export const newVariantCommand: Command = {
  name: 'new',
  summary: 'start a new variant file from one that exists, its knobs ready to edit',
  help: `Usage: scopa-conformance new <id> --extends <variant> [--out <file>]

Writes variants/<id>.yaml (or <file>, which must be named <id>.yaml): a variant that
extends <variant>, with every knob written out at <variant>'s value and commented out,
each under its rule ids, its meaning and the values it takes. As written, it plays
exactly as <variant> does; uncomment the knobs to change and edit them. A file that
exists is never replaced. Then prints the commands that check the new variant, print
its rulebook, play it and write its corpus.

Options:
  --extends <variant>   the variant to start from (one of variants/)
  --out <file>          write here instead of variants/<id>.yaml; the variant it extends
                        is looked up beside it, so keep the two together

Exit status: 0 when the file was written, 2 on a usage mistake (a bad or taken id, an
unknown variant) or when the file exists or cannot be written.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const [id, ...extra] = positionals;
    if (id === undefined) throw new UsageError('new needs the id of the variant to write');
    if (extra.length > 0) throw new UsageError(`new takes one id, got "${positionals.join(' ')}"`);
    if (!VARIANT_ID.test(id)) throw new UsageError(`a variant id is lower-case letters, digits and dashes, starting with a letter; got "${id}"`);
    if (values.extends === undefined) throw new UsageError('--extends <variant> is required: the variant to start from');
    const path = values.out === undefined ? join(VARIANTS_DIR, `${id}.yaml`) : resolve(io.cwd, values.out);
    if (basename(path) !== `${id}.yaml`) throw new UsageError(`--out must name a file ${id}.yaml (a variant's file is named by its id), got "${values.out}"`);

    const registry = await variantsOrStop();
    if (registry.has(id)) throw new UsageError(`variant "${id}" exists already (variants/${id}.yaml): choose another id`);
    const { variant: parent, rules } = variantWithSettings(registry, values.extends, []);

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
    const inVariants = relative(VARIANTS_DIR, dirname(path)) === '';
    io.stdout.write(`wrote ${shown}: extends ${parent.id}, its knobs commented out at ${parent.id}'s values

Next:
  edit ${shown}: the title, the source, and the knobs you change
  npx scopa-conformance validate ${shown}
${inVariants ? '' : `  (explain, selfplay, generate and score read variants/: move ${shown} there first)\n`}  npx scopa-conformance explain ${id}
  npx scopa-conformance selfplay --variant ${id} --games 200${withPlayers}
  npx scopa-conformance generate --variant ${id} --seed 1 --count 50${withPlayers}
  npx scopa-conformance score fixtures/${id}/gen-${players === 2 ? '' : `p${players}-`}s1.yaml
`);
    return EXIT.ok;
  },
};
