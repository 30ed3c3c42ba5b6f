/**
 * `explain <variant>`: the complete rulebook of a variant for players, made from its resolved rules and
 * spec/rules.md, as Markdown or one HTML page; `explain --known-bugs`: the catalog of known bugs.
 * @module
 */
import { resolve } from 'node:path';
import { knownBugsMarkdown } from '../causes/known-bugs-list.ts';
import { type Command, EXIT, NothingToWorkOnError, parseCommandArgs, reportLoadErrors, UsageError } from '../cli/command.ts';
import { userVariantSources, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import { VARIANTS_DIR } from '../util/repo-paths.ts';
import { buildRulebook } from '../rulebook/rulebook.ts';
import { RULEBOOK_FORMATS, type RulebookFormat, rulebookHtml, rulebookMarkdown } from '../rulebook/render.ts';
import { variantWithSettings } from './variant.ts';

const OPTIONS = {
  option: { type: 'string', short: 'o', multiple: true },
  format: { type: 'string', default: 'md' },
  dir: { type: 'string' },
  'known-bugs': { type: 'boolean' },
  ...VARIANTS_OPTION,
} as const;

const isFormat = (text: string): text is RulebookFormat => (RULEBOOK_FORMATS as readonly string[]).includes(text);

export const explainCommand: Command = {
  name: 'explain',
  summary: "print a variant's complete rulebook for players (Markdown or HTML), or the catalog of known bugs",
  help: `Usage: scopa-conformance explain <variant> [--option name=value ...] [--format md|html]
                               [--dir <dir>] [--variants <dir>]
       scopa-conformance explain --known-bugs

Prints the complete rulebook of a variant, as the reference engine plays it with the
options given (defaults for the others): the setup, the deal, play, capture, sweeps,
scoring and the end of the game, each rule under its id and title in spec/rules.md, in
words made from the variant's rules, with the sources the spec cites for it. Written for
a player who has never seen the variant file.

With --known-bugs, prints the catalog of known bugs instead (Markdown): each bug's name, as
diagnose names it and run --known-bugs reads it, under the rule it breaks.

Options:
  -o, --option name=value   set a host option (repeatable); the value is read as the
                            option's declared type (integer, true/false, or a name)
  --format md|html          Markdown (the default), or one self-contained HTML page
  --dir <dir>               read the variants from <dir> instead of variants/
  --variants <dir>          read the variant files of <dir> too (repeatable); they may
                            extend the package's. <variant> may also be the path of a
                            variant file (./house.yaml)
  --known-bugs              print the catalog of known bugs, not a rulebook

Exit status: 0 when the rulebook was printed, 2 on a usage mistake (an unknown variant,
option or format, a bad option value) or an invalid variant file.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const [id, ...extra] = positionals;
    if (values['known-bugs'] === true) {
      if (positionals.length > 0 || values.option !== undefined || values.format !== 'md') throw new UsageError('--known-bugs takes no variant, option or format: it prints the catalog of known bugs in Markdown');
      io.stdout.write(knownBugsMarkdown());
      return EXIT.ok;
    }
    if (id === undefined) throw new NothingToWorkOnError('explain needs a variant id');
    if (extra.length > 0) throw new UsageError(`explain takes one variant id, got "${positionals.join(' ')}"`);
    if (!isFormat(values.format)) throw new UsageError(`--format takes ${RULEBOOK_FORMATS.join(' or ')}, got "${values.format}"`);
    const sources = userVariantSources(values, [id], io);
    const registry = await loadVariantRegistry(values.dir === undefined ? VARIANTS_DIR : resolve(io.cwd, values.dir), sources);
    if (!registry.ok) {
      reportLoadErrors(registry.errors, io);
      return EXIT.invalid;
    }
    const { variant, options, rules } = variantWithSettings(registry.value, variantIdOf(id), values.option ?? []);
    const book = buildRulebook(variant, options, rules);
    io.stdout.write(values.format === 'html' ? rulebookHtml(book) : rulebookMarkdown(book));
    return EXIT.ok;
  },
};
