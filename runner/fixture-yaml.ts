/**
 * Writes a machine-made fixture (generated, or rewritten by `update`). The text is YAML in its JSON-compatible
 * flow form, one deck order, play or event per line: any YAML reader takes it, a diff shows one changed event
 * as one changed line, and the loader can read it with JSON.parse, many times faster than a YAML parser.
 * Hand-written fixtures stay in block YAML; nothing here rewrites them.
 * @module
 */
import { dirname, join, relative, sep } from 'node:path';
import type { Fixture } from './fixture.ts';
import { SPEC_DIR } from './repo-paths.ts';

export const MODELINE = '# yaml-language-server: $schema=../../spec/fixture.schema.json';

/** The schema line of a fixture written to `file`: the schema's path from its folder. */
const modelineFor = (file: string): string =>
  `# yaml-language-server: $schema=${relative(dirname(file), join(SPEC_DIR, 'fixture.schema.json')).split(sep).join('/')}`;

const one = (value: unknown): string => JSON.stringify(value);

/** A JSON value laid out with the lists named in `itemPerLine` one item per line, the rest on one line. */
function layout(value: unknown, indent: string, itemPerLine: (path: string) => boolean, path: string): string {
  if (Array.isArray(value) && itemPerLine(path)) {
    if (value.length === 0) return '[]';
    const inner = indent + '  ';
    return `[\n${value.map((item) => inner + layout(item, inner, itemPerLine, `${path}[]`)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && itemPerLine(path)) {
    const inner = indent + '  ';
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{\n${entries.map(([k, v]) => `${inner}${one(k)}: ${layout(v, inner, itemPerLine, `${path}.${k}`)}`).join(',\n')}\n${indent}}`;
  }
  return one(value);
}

/** Which containers are spread over lines: the document's structure down to single decks, plays and events. */
const SPREAD = /^(|\.provenance|\.rounds|\.rounds\[\]|\.rounds\[\]\.(decks|plays)|\.expect|\.expect\.(events|rounds|legal)|\.expect\.events\.list)$/;

/** The text of a fixture file; its schema line points from `file`'s folder if given, else from fixtures/<dir>/. */
export function fixtureToYaml(fixture: Fixture, file?: string): string {
  const modeline = file === undefined ? MODELINE : modelineFor(file);
  return `${modeline}\n${layout(fixture, '', (path) => SPREAD.test(path), '')}\n`;
}
