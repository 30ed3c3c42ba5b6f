/**
 * `validate [files or directories...]`: checks variant and fixture files and reports every problem at its line
 * and column.
 * @module
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { resolveFixtureArgs } from '../cli/fixture-args.ts';
import { type Command, EXIT, parseCommandArgs, reportLoadErrors, showPath, variantsOrStop } from '../cli/command.ts';
import { VARIANTS_OPTION } from '../cli/variant-args.ts';
import { loadFixtureCorpus } from '../load/corpus.ts';
import { isFixturePath, listFixtureFiles } from '../load/fixtures.ts';
import type { LoadError, LoadResult } from '../load/load-result.ts';
import { checkVariantFiles, listVariantFiles } from '../load/variants.ts';
import { readUserFile } from '../util/files.ts';
import { FIXTURES_DIR, VARIANTS_DIR } from '../util/repo-paths.ts';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'check variant files and fixtures against their schemas and the reference rules',
  help: `Usage: scopa-conformance validate [files or directories...] [--variants <dir>]

Checks variant files: YAML syntax, spec/variant.schema.json, the id against the file
name, \`extends\` (the parent is <id>.yaml beside the file, else in a --variants folder,
else among the package's variants), the consistency of the resolved rules (a knob a
child sets is the default of the inherited option that sets it), the rules every value
of every option gives, and that every player count deals evenly with every combination
of the options that change the deck or the deal.

Checks fixture files: YAML syntax, spec/fixture.schema.json, the id against the path
under fixtures/, the variant (from variants/, the variant files given and the
--variants folders; one whose file is invalid is named with its first problem), option
values, players and first dealer, each deck order, and every decision replayed on the
reference engine: a refusal is an error unless it is the fixture's own
\`expect.reject\`, and so is any input the game never reaches. spec/INTERPRETING.md
says what each field means.

A file under fixtures/, or whose top level has \`variant:\` or \`rounds:\`, is a
fixture; any other file is a variant. A directory stands for every *.yaml below it.
With no arguments, checks every variant in variants/ and every fixture in fixtures/.

Each problem goes to stderr as "file:line:col: error: message"; each valid file is
reported on stdout as "ok <file>".
Exit status: 0 if every file is valid, 2 otherwise.`,

  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, VARIANTS_OPTION);
    const userFolders = (values.variants ?? []).map((path) => resolve(io.cwd, path));
    const listed =
      positionals.length === 0 ? await defaultFiles() : await filesOf(await resolveFixtureArgs(positionals, io, 'read'));
    if (!listed.ok) {
      reportLoadErrors(listed.errors, io);
      return EXIT.invalid;
    }
    const paths = listed.value;
    if (paths.length === 0) {
      const where = positionals.length === 0 ? showPath(VARIANTS_DIR, io) : positionals.join(', ');
      io.stderr.write(`error: no variant or fixture files in ${where}\n`);
      return EXIT.invalid;
    }

    const kinds = await Promise.all(paths.map(async (path) => ((await readsAsFixture(path)) ? 'fixture' : 'variant')));
    const variantPaths = paths.filter((_, index) => kinds[index] === 'variant');
    const fixturePaths = paths.filter((_, index) => kinds[index] === 'fixture');
    const problems = new Map<string, LoadError[]>();

    for (const { path, result } of await checkVariantFiles(variantPaths, [...userFolders, VARIANTS_DIR])) {
      if (!result.ok) problems.set(path, result.errors);
    }
    if (fixturePaths.length > 0) {
      // A fixture whose variant is invalid is reported as such; the variant's own problems are its file's.
      const registry = await variantsOrStop([...userFolders, ...variantPaths]);
      const corpus = await loadFixtureCorpus(fixturePaths, registry);
      for (const error of corpus.errors) problems.set(error.file, [...(problems.get(error.file) ?? []), error]);
    }

    let invalid = 0;
    for (const path of paths) {
      const errors = problems.get(path);
      if (errors === undefined) {
        io.stdout.write(`ok ${showPath(path, io)}\n`);
        continue;
      }
      invalid++;
      reportLoadErrors(errors, io);
    }
    if (paths.length > 1) io.stdout.write(`${paths.length} files, ${invalid} invalid\n`);
    return invalid === 0 ? EXIT.ok : EXIT.invalid;
  },
};

/** Every variant in variants/ and every fixture in fixtures/ (which may not exist yet). */
async function defaultFiles(): Promise<LoadResult<string[]>> {
  const variants = await listVariantFiles();
  if (!variants.ok) return variants;
  if (!(await isDirectory(FIXTURES_DIR))) return variants;
  const fixtures = await listFixtureFiles([FIXTURES_DIR]);
  return fixtures.ok ? { ok: true, value: [...variants.value, ...fixtures.value] } : fixtures;
}

/** Files as given; each directory as the *.yaml files below it, sorted. */
async function filesOf(paths: string[]): Promise<LoadResult<string[]>> {
  const files: string[] = [];
  for (const path of paths) {
    if (!(await isDirectory(path))) {
      files.push(path);
      continue;
    }
    const listed = await listFixtureFiles([path]);
    if (!listed.ok) return listed;
    files.push(...listed.value);
  }
  return { ok: true, value: [...new Set(files)] };
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function readsAsFixture(path: string): Promise<boolean> {
  // Unreadable: reported by whichever loader reads it; under fixtures/ that is the fixture loader.
  const read = await readUserFile(path);
  return isFixturePath(path, read.ok ? read.text : '');
}
