/**
 * spec/rules.md read for people: each rule's title and anchor, the sources it cites and its register entries, and
 * the source tags of section 4. Reports link into it; `explain` quotes it.
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
}

export interface SpecText {
  rules: Map<string, SpecRule>;
  /** Section 4: each source tag (pagat-S, S000, ...) and what it names. */
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

/** Reads a rules text written as spec/rules.md is. */
export function parseSpecText(text: string): SpecText {
  const rules = new Map<string, SpecRule>();
  const headings = [...text.matchAll(/^### ([A-Z]+(?:-[A-Z]+)*): (.+)$/gm)];
  for (const [index, match] of headings.entries()) {
    const [heading, id, title] = match as unknown as [string, string, string];
    const sectionEnd = headings[index + 1]?.index ?? text.length;
    const section = text.slice((match.index ?? 0) + heading.length, sectionEnd).split(/^## /m)[0] as string;
    const register = labelledParagraph(section, 'Register').match(/AMB-\d+/g) ?? [];
    rules.set(id, { title: title.trim(), anchor: headingAnchor(`${id}: ${title}`), sources: labelledParagraph(section, 'Sources'), register });
  }
  const sourceTags = new Map<string, string>();
  const sourcesSection = /^## 4\. Sources\n([\s\S]*?)^## /m.exec(text)?.[1] ?? '';
  for (const [, tag, source] of sourcesSection.matchAll(/^\| ([^|]+?) \| (.+?) \|$/gm) as Iterable<[string, string, string]>) {
    if (tag !== 'Tag' && !tag.startsWith('-')) sourceTags.set(tag, source);
  }
  return { rules, sourceTags };
}

let specText: SpecText | undefined;

/** spec/rules.md of this repository, read once; empty if it cannot be read. */
export function readSpecText(): SpecText {
  if (specText !== undefined) return specText;
  let text = '';
  try {
    text = readFileSync(join(SPEC_DIR, 'rules.md'), 'utf8');
  } catch {
    // Reports still work without it, only without titles and links.
  }
  specText = parseSpecText(text);
  return specText;
}
