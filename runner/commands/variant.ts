/**
 * `variant list` and `variant show <id>`: the variants there are, and the rules one of them plays with.
 * @module
 */
import { resolve } from 'node:path';
import { Document, isPair, isScalar, isSeq, visit } from 'yaml';
import type { OptionSpec, OptionValue, ResolvedVariant, Rules } from '../../reference/types.ts';
import { applyOptions } from '../../reference/variant.ts';
import {
  type Command,
  EXIT,
  type ExitCode,
  type Io,
  NothingToWorkOnError,
  parseCommandArgs,
  reportLoadErrors,
  UsageError,
} from '../cli/command.ts';
import { userVariantSources, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { loadVariantRegistry, unknownVariantMessage } from '../load/variants.ts';
import { VARIANTS_DIR } from '../util/repo-paths.ts';

const OPTIONS = {
  option: { type: 'string', short: 'o', multiple: true },
  json: { type: 'boolean' },
  dir: { type: 'string' },
  ...VARIANTS_OPTION,
} as const;

export const variantCommand: Command = {
  name: 'variant',
  summary: 'list the variants, or show the rules one plays with',
  help: `Usage: scopa-conformance variant list [--dir <dir>] [--variants <dir>]
       scopa-conformance variant show <id|file> [--option name=value ...] [--json] [--dir <dir>]
                                  [--variants <dir>]

list   every variant: its id and title; the problems of an invalid file go to stderr
       (exit 2)
show   a variant's rules with \`extends\` resolved and its options applied (defaults
       for the options not given), as YAML

Options:
  -o, --option name=value   set a host option (repeatable); the value is read as the
                            option's declared type (integer, true/false, or a name)
  --json                    print JSON instead of YAML
  --dir <dir>               read the variants from <dir> instead of variants/
  --variants <dir>          read the variant files of <dir> too (repeatable); they may
                            extend the package's. show also takes the path of a variant
                            file (./house.yaml)`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OPTIONS);
    const [action, ...rest] = positionals;
    const dir = values.dir === undefined ? VARIANTS_DIR : resolve(io.cwd, values.dir);
    const sources = userVariantSources(values, [], io);
    switch (action) {
      case 'list':
        if (rest.length > 0) throw new UsageError(`variant list takes no arguments, got "${rest.join(' ')}"`);
        return listVariants(dir, sources, io);
      case 'show': {
        const [id, ...extra] = rest;
        if (id === undefined) throw new NothingToWorkOnError('variant show needs a variant id');
        if (extra.length > 0) throw new UsageError(`variant show takes one id, got "${rest.join(' ')}"`);
        return showVariant(dir, userVariantSources(values, [id], io), variantIdOf(id), values.option ?? [], values.json === true, io);
      }
      case undefined:
        throw new NothingToWorkOnError('variant needs an action: list or show');
      default:
        throw new UsageError(`unknown action "${action}" (expected list or show)`);
    }
  },
};

async function listVariants(dir: string, sources: string[], io: Io): Promise<ExitCode> {
  const registry = await loadVariantRegistry(dir, sources);
  if (!registry.ok) {
    reportLoadErrors(registry.errors, io);
    return EXIT.invalid;
  }
  const width = Math.max(0, ...[...registry.value.keys()].map((id) => id.length));
  for (const variant of registry.value.values()) io.stdout.write(`${variant.id.padEnd(width)}  ${variant.title}\n`);
  const invalid = [...registry.value.invalid.values()];
  reportLoadErrors(invalid.flat(), io);
  return invalid.length === 0 ? EXIT.ok : EXIT.invalid;
}

async function showVariant(dir: string, sources: string[], id: string, settings: string[], json: boolean, io: Io): Promise<ExitCode> {
  const registry = await loadVariantRegistry(dir, sources);
  if (!registry.ok) {
    reportLoadErrors(registry.errors, io);
    return EXIT.invalid;
  }
  const variant = registry.value.get(id);
  if (variant === undefined) {
    const errors = registry.value.invalid.get(id);
    if (errors === undefined) throw new UsageError(unknownVariantMessage(registry.value, id));
    reportLoadErrors(errors, io);
    return EXIT.invalid;
  }

  const values = parseOptionSettings(variant, settings);
  const rules = applyOptions(variant, values);
  if (!rules.ok) throw new UsageError(rules.error.message);
  const options = Object.fromEntries(variant.options.map((o) => [o.name, values[o.name] ?? o.default]));
  const shown = { id: variant.id, title: variant.title, options, rules: rules.value };
  io.stdout.write(json ? `${JSON.stringify(shown, null, 2)}\n` : formatYaml(shown));
  return EXIT.ok;
}

/** YAML laid out as the variant files are: a list of scalars, or a map of scalars in a list, on one line. */
function formatYaml(value: unknown): string {
  const doc = new Document(value);
  const scalarsOnly = (items: unknown[]): boolean => items.every((item) => isScalar(isPair(item) ? item.value : item));
  visit(doc, {
    Seq(_, seq) {
      if (scalarsOnly(seq.items)) seq.flow = true;
    },
    Map(_, map, path) {
      if (isSeq(path.at(-1)) && scalarsOnly(map.items)) map.flow = true;
    },
  });
  return doc.toString();
}

/** A variant of the registry by id with `name=value` settings applied: its options and rules; usage errors otherwise. */
export function variantWithSettings(
  registry: ReadonlyMap<string, ResolvedVariant>,
  id: string,
  settings: string[],
): { variant: ResolvedVariant; options: Record<string, OptionValue>; rules: Rules } {
  const variant = registry.get(id);
  if (variant === undefined) throw new UsageError(unknownVariantMessage(registry, id));
  const options = parseOptionSettings(variant, settings);
  const rules = applyOptions(variant, options);
  if (!rules.ok) throw new UsageError(rules.error.message);
  return { variant, options, rules: rules.value };
}

/** `name=value` settings, each value read as its option's type; an unknown name is left to the reference to refuse. */
export function parseOptionSettings(variant: ResolvedVariant, settings: string[]): Record<string, OptionValue> {
  // No prototype: a setting named __proto__ or constructor is an ordinary (unknown) option name.
  const values: Record<string, OptionValue> = Object.create(null) as Record<string, OptionValue>;
  for (const setting of settings) {
    const separator = setting.indexOf('=');
    if (separator <= 0) throw new UsageError(`--option expects name=value, got "${setting}"`);
    const name = setting.slice(0, separator);
    const text = setting.slice(separator + 1);
    const option = variant.options.find((o) => o.name === name);
    values[name] = option === undefined ? text : parseOptionValue(option, text);
  }
  return values;
}

function parseOptionValue(option: OptionSpec, text: string): OptionValue {
  switch (option.type) {
    case 'integer':
      if (!/^-?\d+$/.test(text)) throw new UsageError(`option "${option.name}" takes an integer, got "${text}"`);
      return Number(text);
    case 'boolean':
      if (text !== 'true' && text !== 'false') {
        throw new UsageError(`option "${option.name}" takes true or false, got "${text}"`);
      }
      return text === 'true';
    case 'enum':
      return text;
  }
}
