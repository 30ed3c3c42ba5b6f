/**
 * Every citation can be followed: nothing cites a file outside the repository (the research notes and seed files
 * the project was written from are not shipped), every source id the spec, the register, the variants and the
 * fixtures use has a section in spec/sources.md, and every entry of a variant's `source:` list names one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseSourceSections } from '../util/spec-text.ts';
import { FIXTURES_DIR, SPEC_DIR, VARIANTS_DIR } from '../util/repo-paths.ts';

const ROOT = join(SPEC_DIR, '..');
const THIS_FILE = fileURLToPath(import.meta.url);

/** Citations of files that are not in the repository: the research folder, its notes by name, the seed files. */
const OUTSIDE_CITATION = new RegExp(
  [
    String.raw`\.\./shared\b`,
    String.raw`(?<![\w-])(?:research|seeds)/`,
    String.raw`(?<![\w/-])(?:playpalace|anycard|family|real-engines|conformance)\.md\b`,
    String.raw`\b\d{3}_[0-9a-f]{16}\.txt\b`,
    String.raw`(?<![\w-])R-(?:rules|family|engines)(?![\w-])`,
  ].join('|'),
  'g',
);

/**
 * The shapes of the ids that are not plain words, as spec/sources.md describes them: a seed document (S000), a
 * Wikipedia article (W-en, W-it-Assi), a pagat.com page (pagat-Sc), an engine's code (PP-code), and a research
 * note's id (R-rules), which no section may answer. A plain-word id (gianbolocco) reads as prose, so it is
 * checked where the syntax marks it: at the head of a `source:` entry.
 */
const ID_SHAPED = /(?<![\w-])(?:S\d{3}|W-[a-z]{2}(?:-[A-Z][a-z]+)?|pagat-[A-Z][A-Za-z]*|[A-Z]{2,}-code|R-[a-z]+)(?![\w-])/g;

/** A `source:` entry: `<id>: <title>[, <URL>] (<what it gives>)`. */
const SOURCE_ENTRY = /^([^\s:]+): \S/;
const URL_PATTERN = /https?:\/\/[^\s,;)"']+/g;

/** The files below a folder whose names end with one of the suffixes, at any depth. */
function filesBelow(folder: string, suffixes: string[]): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => suffixes.some((suffix) => name.endsWith(suffix)))
    .map((name) => join(folder, name))
    .sort();
}

/** Each match of a pattern in a text, as `line: match`. */
function matchesOf(text: string, pattern: RegExp): string[] {
  return text.split('\n').flatMap((line, index) => [...line.matchAll(pattern)].map((match) => `${index + 1}: ${match[0]}`));
}

/** The ids of a text that have an id's shape and no section in the bibliography. */
function unknownIds(text: string, known: ReadonlySet<string>): string[] {
  return matchesOf(text, ID_SHAPED).filter((found) => !known.has(found.slice(found.indexOf(': ') + 2)));
}

/** What is wrong with one entry of a variant's `source:` list, or undefined. */
function sourceEntryProblem(entry: string, sections: ReadonlyMap<string, string>, registerIds: ReadonlySet<string>): string | undefined {
  const id = SOURCE_ENTRY.exec(entry)?.[1];
  if (id === undefined) return 'does not start with "<id>: "';
  if (/^AMB-\d+$/.test(id)) return registerIds.has(id) ? undefined : `${id} is no entry of spec/ambiguities.md`;
  const section = sections.get(id);
  if (section === undefined) return `${id} has no section in spec/sources.md`;
  const unlisted = (entry.match(URL_PATTERN) ?? []).filter((url) => !section.includes(url));
  return unlisted.length === 0 ? undefined : `${unlisted.join(', ')} is not listed under ${id} in spec/sources.md`;
}

const sections = parseSourceSections(readFileSync(join(SPEC_DIR, 'sources.md'), 'utf8'));
const knownIds = new Set(sections.keys());
const registerIds = new Set(readFileSync(join(SPEC_DIR, 'ambiguities.md'), 'utf8').match(/^### AMB-\d+(?=:)/gm)?.map((heading) => heading.slice(4)));
const variantFiles = filesBelow(VARIANTS_DIR, ['.yaml']);
const citingFiles = [
  ...filesBelow(SPEC_DIR, ['.md', '.json']),
  ...variantFiles,
  ...filesBelow(FIXTURES_DIR, ['.yaml', '.sh']),
  join(ROOT, 'README.md'),
];
const sourceFiles = [...filesBelow(join(ROOT, 'runner'), ['.ts', '.yaml', '.md', '.json']), ...filesBelow(join(ROOT, 'reference'), ['.ts'])].filter(
  (path) => path !== THIS_FILE,
);
const shown = (path: string): string => relative(ROOT, path);

describe('the checks themselves', () => {
  test('a planted citation of the research folder, a note, a seed file or a research id is found', () => {
    const planted = 'see ../shared/research/rules.md §1.7, playpalace.md §2, seeds/000_52696e9035fb2d61.txt and R-rules §4.4';
    expect(matchesOf(planted, OUTSIDE_CITATION)).toEqual([
      '1: ../shared',
      '1: research/',
      '1: playpalace.md',
      '1: seeds/',
      '1: 000_52696e9035fb2d61.txt',
      '1: R-rules',
    ]);
    expect(matchesOf('spec/rules.md, server/documents/shared/scopa_rules/en.md, the family', OUTSIDE_CITATION)).toEqual([]);
  });

  test('an id-shaped token without a section is found; variant names, rule ids and cards are no ids', () => {
    expect(unknownIds('W-en, pagat-Sc, S003 and PP-code; but W-xx, pagat-Zz, S999, XX-code, R-family', knownIds)).toEqual([
      '1: W-xx',
      '1: pagat-Zz',
      '1: S999',
      '1: XX-code',
      '1: R-family',
    ]);
    expect(unknownIds('pagat-tie-draw, TABLE-REDRAW-TENS, AMB-31, 10S 7D, W-it-Assi', knownIds)).toEqual([]);
  });

  test('a source entry without an id, with an unknown id, or with a URL its section does not list is refused', () => {
    const problem = (entry: string): string | undefined => sourceEntryProblem(entry, sections, registerIds);
    expect(problem('pagat-Sc: John McLeod, Scopone, https://www.pagat.com/fishing/scopone.html (the deal)')).toBeUndefined();
    expect(problem('AMB-19: a house rule')).toBeUndefined();
    expect(problem('pagat.com Scopa, via ../shared/research/rules.md')).toBe('does not start with "<id>: "');
    expect(problem('nosuchsite: a page')).toBe('nosuchsite has no section in spec/sources.md');
    expect(problem('AMB-999: a reading')).toBe('AMB-999 is no entry of spec/ambiguities.md');
    expect(problem('W-en: Scopa, https://example.org/scopa')).toBe('https://example.org/scopa is not listed under W-en in spec/sources.md');
  });
});

describe('spec/sources.md', () => {
  test('has a section for each of the usual ids, each with a citation and a **Read.** paragraph', () => {
    for (const id of ['S000', 'S001', 'S002', 'S003', 'S004', 'PP-code', 'AC-code', 'pagat-S', 'pagat-Sc', 'W-en', 'W-it', 'W-es', 'Parlett']) {
      expect(knownIds, id).toContain(id);
    }
    for (const [id, section] of sections) expect(section, id).toMatch(/^\S[\s\S]*\n\n\*\*Read\.\*\* \S/);
  });

  test('every id in it is cited somewhere else', () => {
    const corpus = [...citingFiles.filter((path) => !path.endsWith('sources.md')), ...sourceFiles].map((path) => readFileSync(path, 'utf8')).join('\n');
    const cited = (id: string): boolean => new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(corpus);
    expect([...knownIds].filter((id) => !cited(id))).toEqual([]);
  });
});

/** The files in which a check finds something, each with what it found. */
function offenders(paths: string[], find: (text: string, path: string) => unknown[]): Record<string, unknown[]> {
  const found: Record<string, unknown[]> = {};
  for (const path of paths) {
    const problems = find(readFileSync(path, 'utf8'), path);
    if (problems.length > 0) found[shown(path)] = problems;
  }
  return found;
}

test('no citation leads outside the repository', () => {
  expect(offenders([...citingFiles, ...sourceFiles], (text) => matchesOf(text, OUTSIDE_CITATION))).toEqual({});
});

test('every id-shaped source id in the spec, the variants, the fixtures and the README has a section in spec/sources.md', () => {
  expect(offenders(citingFiles, (text) => unknownIds(text, knownIds))).toEqual({});
});

test("every entry of a variant's source list names its source", () => {
  expect(
    offenders(variantFiles, (text) => {
      const { source } = parse(text) as { source: string[] };
      return source.flatMap((entry) => {
        const problem = sourceEntryProblem(entry, sections, registerIds);
        return problem === undefined ? [] : [`${entry}: ${problem}`];
      });
    }),
  ).toEqual({});
});
