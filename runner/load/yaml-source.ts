/**
 * Reads a YAML file into plain data while keeping the position of every node, so that a problem found later
 * (by a schema, by the reference's checks) can be reported as `file:line:col`.
 * @module
 */
import { isAbsolute, relative, resolve } from 'node:path';
import {
  type CST,
  Composer,
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  Parser,
  type Scalar,
  visit,
  YAMLParseError,
} from 'yaml';
import { detachStrings } from '../util/detached-string.ts';
import { loneCarriageReturn, readUserFile } from '../util/files.ts';
import { keysParsed, keysWritten, MAX_JSON_DEPTH } from '../util/json-text.ts';
import { FIXTURES_DIR, VARIANTS_DIR } from '../util/repo-paths.ts';
import { byPosition, type LoadError, type LoadResult, type SourcePosition } from './load-result.ts';
import { type YamlCache, yamlCache } from './yaml-cache.ts';

/** yaml's own measure of alias expansion (uses of an anchor times the aliases inside it); its default. */
export const MAX_ALIAS_COUNT = 100;

/**
 * Maps and lists nested deeper than this are refused, as in JSON: what reads a document recurses (yaml's own
 * composer too), and no file of this project nests a tenth as deep.
 */
export const MAX_NESTING = MAX_JSON_DEPTH;

/** A map entry has two places: its key (where an unknown key is reported) and its value (where a bad value is). */
export type NodePart = 'key' | 'value';

export interface YamlSource {
  file: string;
  value: unknown;
  /**
   * Where the node at a JSON pointer (`/rules/capture/mode`, `/options/0/default`, as in ajv's `instancePath`)
   * starts. Where the pointer leaves the document, the deepest node on its way is given.
   */
  locate(pointer: string, part?: NodePart): SourcePosition;
}

export async function readYamlFile(file: string): Promise<LoadResult<YamlSource>> {
  const text = await readTextFile(file);
  return text.ok ? parseYamlKept(text.value, file) : text;
}

/**
 * Like `readYamlFile`, for files that machines may write in YAML's JSON form (a generated fixture: comment
 * lines, then one JSON value). Such a file is read with JSON.parse, many times faster than a YAML parser, and its
 * positions are found only when one is asked for (the text is then parsed as YAML). Anything else, and JSON that
 * YAML would refuse (a key given twice, `__proto__`), goes through `parseYaml`.
 */
export async function readDataFile(file: string): Promise<LoadResult<YamlSource>> {
  const text = await readTextFile(file);
  if (!text.ok) return text;
  const json = parseJsonForm(text.value, file);
  return json === undefined ? parseYamlKept(text.value, file) : { ok: true, value: json };
}

/** The cache of what the package's own data parsed to, opened on first need (null until then). */
let cache: YamlCache | undefined | null = null;

/** Whether a file is the package's own data (fixtures/, variants/), whose parse is kept between runs. */
const isPackageData = (file: string): boolean =>
  [FIXTURES_DIR, VARIANTS_DIR].some((dir) => {
    const inside = relative(dir, resolve(file));
    return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
  });

/** `parseYaml`, where the package's own data is taken from the cache of what parsed before (yaml-cache.ts). */
function parseYamlKept(text: string, file: string): LoadResult<YamlSource> {
  if (!isPackageData(file)) return parseYaml(text, file);
  if (cache === null) cache = yamlCache(import.meta.url);
  const kept = cache?.get(text);
  if (kept !== undefined) return { ok: true, value: { file, value: kept.value, locate: locatedWhenAsked(text, file) } };
  const parsed = parseYaml(text, file);
  if (parsed.ok) cache?.set(text, parsed.value.value);
  return parsed;
}

/** `locate` for a text whose data was read otherwise: the text is parsed as YAML the first time a position is asked for. */
function locatedWhenAsked(text: string, file: string): YamlSource['locate'] {
  let parsed: LoadResult<YamlSource> | undefined;
  return (pointer, part) => {
    parsed ??= parseYaml(text, file);
    return parsed.ok ? parsed.value.locate(pointer, part) : { line: 1, col: 1 };
  };
}

async function readTextFile(file: string): Promise<LoadResult<string>> {
  const read = await readUserFile(file);
  const problem = read.ok ? loneCarriageReturn(read.text) : read.message;
  if (problem !== undefined) return { ok: false, errors: [{ file, line: 0, col: 0, message: problem }] };
  return { ok: true, value: (read as { text: string }).text };
}

/** Leading blank and `#` comment lines, then a JSON object or array: its value, or undefined to use the YAML parser. */
function parseJsonForm(text: string, file: string): YamlSource | undefined {
  const start = /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*(?=[{[])/.exec(text)?.[0].length;
  if (start === undefined || text.includes('"__proto__"')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start));
  } catch {
    return undefined;
  }
  // JSON.parse keeps the last of a key given twice, where YAML refuses the file; one nested too deep is refused there too.
  if (keysWritten(text, start) !== keysParsed(value, MAX_NESTING)) return undefined;
  return { file, value, locate: locatedWhenAsked(text, file) };
}

export function parseYaml(text: string, file: string): LoadResult<YamlSource> {
  const lineCounter = new LineCounter();
  const position = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    // LineCounter answers line 0 for a text without any line break.
    return line === 0 ? { line: 1, col: offset + 1 } : { line, col };
  };
  const errorAt = (offset: number, message: string): LoadError => ({ file, ...position(offset), message });
  // yaml's parser reads any depth; its composer recurses: the depth is checked between them.
  const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
  const tooDeep = tooDeepAt(tokens);
  if (tooDeep !== undefined) return { ok: false, errors: [errorAt(tooDeep, `maps and lists nested more than ${MAX_NESTING} deep`)] };
  const doc = composeOne(tokens, text.length);

  // A warning (an unknown tag, say) means the data may not be what it looks like: refuse it too.
  const errors = [...doc.errors, ...doc.warnings].map((problem) => errorAt(problem.pos[0], problem.message));
  if (errors.length === 0) {
    errors.push(...checkKeysAndAliases(doc).map(([offset, message]) => errorAt(offset, message)));
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort(byPosition) };

  let value: unknown;
  try {
    // The parser cuts strings out of the text: detached, what a caller keeps of the data does not keep the text.
    value = detachStrings(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
  } catch (error) {
    // Aliases that resolve were checked above, so this is yaml's alias expansion limit.
    if (!(error instanceof ReferenceError)) throw error;
    const message = `aliases expand to too many nodes (more than ${MAX_ALIAS_COUNT}); write the data out instead`;
    return { ok: false, errors: [errorAt(firstAliasOffset(doc), message)] };
  }

  const locate = (pointer: string, part: NodePart = 'value'): SourcePosition => {
    const node = findNode(doc, parsePointer(pointer), part);
    return node === undefined ? { line: 1, col: 1 } : position(node.range?.[0] ?? 0);
  };
  return { ok: true, value: { file, value, locate } };
}

/** Where the first map or list nested deeper than `MAX_NESTING` starts, or undefined. A loop: the tokens may nest at any depth. */
function tooDeepAt(tokens: readonly CST.Token[]): number | undefined {
  const pending: [CST.Token, number][] = tokens.map((token) => [token, 0]);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [token, depth] = next;
    const inside = (child: CST.Token | null | undefined): void => {
      if (child !== null && child !== undefined) pending.push([child, depth + 1]);
    };
    switch (token.type) {
      case 'document':
        if (token.value !== undefined) pending.push([token.value, depth]);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection':
        if (depth + 1 > MAX_NESTING) return token.offset;
        for (const item of token.items) {
          inside(item.key);
          inside(item.value);
        }
        break;
      default:
        break;
    }
  }
  return undefined;
}

/** The document of the tokens, as yaml's parseDocument composes it: a second document in the text is an error. */
function composeOne(tokens: readonly CST.Token[], length: number): Document {
  const composer = new Composer({ prettyErrors: false, uniqueKeys: true });
  let doc: Document | undefined;
  for (const composed of composer.compose(tokens, true, length)) {
    if (doc === undefined) doc = composed;
    else {
      doc.errors.push(new YAMLParseError(composed.range.slice(0, 2) as [number, number], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
  }
  return doc as Document;
}

/** Keys must be scalars (a map cannot key a plain object) and never `__proto__`; aliases must name an anchor. */
function checkKeysAndAliases(doc: Document): [offset: number, message: string][] {
  const problems: [number, string][] = [];
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key as Node | null;
      if (key === null) return;
      if (!isScalar(key)) problems.push([key.range?.[0] ?? 0, 'a key must be a plain value, not a map or a list']);
      else if (String(key.value) === '__proto__') {
        problems.push([key.range?.[0] ?? 0, 'the key "__proto__" is not allowed']);
      }
    },
    Alias(_, alias) {
      if (alias.resolve(doc) === undefined) {
        problems.push([alias.range?.[0] ?? 0, `alias *${alias.source} refers to no anchor before it`]);
      }
    },
  });
  return problems;
}

function firstAliasOffset(doc: Document): number {
  let offset = 0;
  visit(doc, {
    Alias(_, alias) {
      offset = alias.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

/** The JSON pointer (RFC 6901) to a node, from the keys and indices on the way to it. */
export function pointerTo(...segments: (string | number)[]): string {
  return segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** JSON pointer segments, with `~1` and `~0` unescaped. */
function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function findNode(doc: Document, segments: string[], part: NodePart): Node | undefined {
  let node = doc.contents as Node | null;
  let key: Scalar | undefined;
  for (const segment of segments) {
    if (isAlias(node)) node = node.resolve(doc) ?? null;
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === segment);
      if (pair === undefined) break;
      key = pair.key as Scalar;
      node = pair.value as Node | null;
    } else if (isSeq(node) && /^\d+$/.test(segment) && Number(segment) < node.items.length) {
      key = undefined;
      node = node.items[Number(segment)] as Node | null;
    } else {
      break;
    }
  }
  // A map or list under a key is reported on the key's line, where a reader looks for it; so is a key with no
  // value written (yaml gives it an empty scalar, or none).
  const written = node !== null && !(isScalar(node) && node.range?.[0] === node.range?.[1]);
  if (key !== undefined && (part === 'key' || !written || isMap(node) || isSeq(node))) return key;
  return node ?? undefined;
}
