/**
 * The user's own variants on the command line. `--variants <dir>` (repeatable) reads the variant files of a folder
 * beside the package's variants/; and wherever a command takes a variant id it takes a variant file too
 * (`--variant ./house.yaml`), read with the others and standing for its id (a variant's id is its file name).
 * A user's variant may extend one of the package's.
 * @module
 */
import { statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { VariantRegistry } from '../load/variants.ts';
import { type Io, UsageError, variantsOrStop } from './command.ts';

/** The option, for a command's parseArgs table. */
export const VARIANTS_OPTION = { variants: { type: 'string', multiple: true } } as const;

const VARIANT_FILE_SUFFIX = '.yaml';

/** Whether a word names a variant file rather than an id: it ends in .yaml (an id never does). */
export function isVariantFile(word: string): boolean {
  return word.endsWith(VARIANT_FILE_SUFFIX);
}

/**
 * The variant sources a command was given, resolved against the working folder: the `--variants` folders, and the
 * variant files among `words`. A file that is not there is a usage mistake, named as it was typed.
 */
export function userVariantSources(values: { variants?: string[] | undefined }, words: readonly (string | undefined)[], io: Io): string[] {
  const files = words.filter((word): word is string => word !== undefined && isVariantFile(word));
  for (const file of files) {
    if (statSync(resolve(io.cwd, file), { throwIfNoEntry: false }) === undefined) throw new UsageError(`no variant file ${file}`);
  }
  return [...(values.variants ?? []), ...files].map((path) => resolve(io.cwd, path));
}

/** The variant id a word stands for: the word, or the id of the variant file it names (its file name). */
export function variantIdOf(word: string): string {
  return isVariantFile(word) ? basename(word, VARIANT_FILE_SUFFIX) : word;
}

/**
 * The package's variants with the user's: the `--variants` folders and the variant files among `words` (the ids
 * or files the command was given). Throws InvalidInputError, as variantsOrStop does, when they cannot be read.
 */
export function userVariantsOrStop(values: { variants?: string[] | undefined }, words: readonly (string | undefined)[], io: Io): Promise<VariantRegistry> {
  return variantsOrStop(userVariantSources(values, words, io));
}

/**
 * The flags that give a command run later the same user variants, for a reproduction command: `--variants` for
 * each folder given, and for the folder of each variant file given in place of an id.
 */
export function userVariantsFlags(values: { variants?: string[] | undefined }, words: readonly (string | undefined)[]): string[] {
  const files = words.filter((word): word is string => word !== undefined && isVariantFile(word));
  const folders = new Set([...(values.variants ?? []), ...files.map((file) => dirname(file))]);
  return [...folders].flatMap((folder) => ['--variants', folder]);
}
