/**
 * The `$schema` a written file names (`# yaml-language-server: $schema=...`), so that it works on any machine: a path
 * relative to the file where the schema lies in the same project (this repository, or the package installed in the
 * project's node_modules), else the schema's address in the published package.
 * @module
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { SPEC_DIR } from './repo-paths.ts';

/** The nearest folder at or above `dir` that holds a package.json or a .git: the project a file belongs to. */
function projectOf(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json')) || existsSync(join(at, '.git'))) return at;
    if (dirname(at) === at) return undefined;
  }
}

/** What a file at `file` names as the schema `name` (`profile`, `known-bugs`) of the package `version`. */
export function schemaReference(file: string, name: string, version: string): string {
  const schema = join(SPEC_DIR, `${name}.schema.json`);
  const project = projectOf(dirname(file));
  const inside = project !== undefined && !relative(project, schema).startsWith('..');
  return inside ? relative(dirname(file), schema).split(sep).join('/') : `https://unpkg.com/scopa-conformance@${version}/spec/${name}.schema.json`;
}
