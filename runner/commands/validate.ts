/**
 * `validate [files...]`: checks variant files and reports every problem at its line and column.
 * @module
 */
import { resolve } from 'node:path';
import { type Command, EXIT, parseCommandArgs, reportLoadErrors, showPath } from '../command.ts';
import { checkVariantFiles, listVariantFiles } from '../load/variants.ts';
import { VARIANTS_DIR } from '../repo-paths.ts';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'check variant files against the schema and the reference rules',
  help: `Usage: scopa-conformance validate [files...]

Checks variant files: YAML syntax, spec/variant.schema.json, the id against the file
name, \`extends\` (the parent is <id>.yaml beside the file), the consistency of the
resolved rules, and the rules every value of every option gives.
With no files, checks every variant in variants/.

Each problem goes to stderr as "file:line:col: error: message"; each valid file is
reported on stdout as "ok <file>".
Exit status: 0 if every file is valid, 2 otherwise.`,

  async run(args, io) {
    const { positionals } = parseCommandArgs(args, {});
    let paths = positionals.map((path) => resolve(io.cwd, path));
    if (paths.length === 0) {
      const listed = await listVariantFiles();
      if (!listed.ok) {
        reportLoadErrors(listed.errors, io);
        return EXIT.invalid;
      }
      if (listed.value.length === 0) {
        io.stderr.write(`error: no variant files in ${showPath(VARIANTS_DIR, io)}\n`);
        return EXIT.invalid;
      }
      paths = listed.value;
    }

    let invalid = 0;
    for (const { path, result } of await checkVariantFiles(paths)) {
      if (result.ok) {
        io.stdout.write(`ok ${showPath(path, io)}\n`);
        continue;
      }
      invalid++;
      reportLoadErrors(result.errors, io);
    }
    if (paths.length > 1) io.stdout.write(`${paths.length} files, ${invalid} invalid\n`);
    return invalid === 0 ? EXIT.ok : EXIT.invalid;
  },
};
