/**
 * spec/rules.md read for people: each rule's title and anchor, the sources it cites, its register entries and the
 * error codes it names; the error registry (section 16); and spec/sources.md, the citation of each source id.
 * Reports link into the rules; `explain` quotes both; `coverage` counts the refusals each rule can cause.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_DIR } from './repo-paths.ts';

export interface SpecRule {
  title: string;
  /** The heading's anchor in spec/rules.md. */
  anchor: string;
  /** The rule's **Sources.** paragraph, joined onto one line; empty if it has none. */
  sources: string;
  /** Its **Register.** entries (AMB-NN). */
  register: string[];
  /** The error codes its **Errors.** paragraph names. */
  errors: string[];
}

/** A row of the error registry (section 16): the stage that raises the code and the rules the row names. */
export interface RegistryRow {
  stage: string;
  rules: string[];
}

export interface SpecText {
  rules: Map<string, SpecRule>;
  /** The error registry, by code, in the order of its table. */
  errorRegistry: Map<string, RegistryRow>;
  /** spec/sources.md: each source id (pagat-S, S000, ...) and its citation. */
  sourceTags: Map<string, string>;
}

/** The anchor GitHub gives a heading: lower case, punctuation other than `-` and `_` dropped, spaces to `-`. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The paragraph that starts with `**<label>.**`, joined onto one line, without the label. */
function labelledParagraph(section: string, label: string): string {
  const start = section.indexOf(`**${label}.**`);
  if (start < 0) return '';
  const rest = section.slice(start + label.length + 5);
  const end = rest.search(/\n\s*\n/);
  return (end < 0 ? rest : rest.slice(0, end)).replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * The sections of a bibliography written as spec/sources.md is: each `### <id>` heading with the text under it,
 * up to the next heading, in the file's order.
 */
export function parseSourceSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  const headings = [...text.matchAll(/^### (\S+)$/gm)];
  for (const [index, match] of headings.entries()) {
    const start = (match.index ?? 0) + match[0].length;
    sections.set(match[1] as string, (text.slice(start, headings[index + 1]?.index ?? text.length).split(/^## /m)[0] as string).trim());
  }
  return sections;
}

/** Each source id of a bibliography written as spec/sources.md is, with its citation (the first paragraph) on one line. */
export function parseSources(text: string): Map<string, string> {
  const citations = new Map<string, string>();
  for (const [id, section] of parseSourceSections(text)) citations.set(id, (section.split(/\n\s*\n/)[0] as string).replace(/\s*\n\s*/g, ' '));
  return citations;
}

const ERROR_CODE = /\b[A-Z]+(?:_[A-Z]+)+\b/g;
const RULE_ID = /\b[A-Z]+(?:-[A-Z]+)+\b/g;

/** The rows of the error registry's table (`| CODE | stage | raised when | rules |`), in section 16 of a rules text. */
function parseErrorRegistry(text: string): Map<string, RegistryRow> {
  const section = text.split(/^## 16\. /m)[1]?.split(/^## /m)[0] ?? '';
  const rows = new Map<string, RegistryRow>();
  for (const [, code, stage, rules] of section.matchAll(/^\| ([A-Z_]+) \| ([^|]+) \|.*\| ([^|]+) \|$/gm)) {
    rows.set(code as string, { stage: (stage as string).trim(), rules: (rules as string).match(RULE_ID) ?? [] });
  }
  return rows;
}

/** Reads a rules text written as spec/rules.md is. */
export function parseSpecText(text: string, sourcesText = ''): SpecText {
  const rules = new Map<string, SpecRule>();
  const headings = [...text.matchAll(/^### ([A-Z]+(?:-[A-Z]+)*): (.+)$/gm)];
  for (const [index, match] of headings.entries()) {
    const [heading, id, title] = match as unknown as [string, string, string];
    const sectionEnd = headings[index + 1]?.index ?? text.length;
    const section = text.slice((match.index ?? 0) + heading.length, sectionEnd).split(/^## /m)[0] as string;
    const register = labelledParagraph(section, 'Register').match(/AMB-\d+/g) ?? [];
    const errors = labelledParagraph(section, 'Errors').match(ERROR_CODE) ?? [];
    rules.set(id, { title: title.trim(), anchor: headingAnchor(`${id}: ${title}`), sources: labelledParagraph(section, 'Sources'), register, errors });
  }
  return { rules, errorRegistry: parseErrorRegistry(text), sourceTags: parseSources(sourcesText) };
}

let specText: SpecText | undefined;

/** A file of spec/, or '' if it cannot be read: reports still work without it, only without titles and links. */
function readSpecFile(name: string): string {
  try {
    return readFileSync(join(SPEC_DIR, name), 'utf8');
  } catch {
    return '';
  }
}

/** spec/rules.md and spec/sources.md of this repository, read once; empty if they cannot be read. */
export function readSpecText(): SpecText {
  specText ??= parseSpecText(readSpecFile('rules.md'), readSpecFile('sources.md'));
  return specText;
}
