/**
 * spec/ambiguities.md read as data: each entry's id, title, rules, and each of its readings with the knob values
 * that declare it (what a variant file or an engine profile writes to play it) or the written reason it has none.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_DIR } from './repo-paths.ts';

export interface RegisterReading {
  /** The bullet, joined onto one line. */
  text: string;
  /** Its 1-based line in the register. */
  line: number;
  /** The knob values after `Knob:` or `Knobs:`, each as written between backticks. */
  knobs: string[];
  /** The reason after `Reason:`, where a reading has no knob value. */
  reason?: string;
}

export interface RegisterEntry {
  id: string;
  title: string;
  line: number;
  readings: RegisterReading[];
  /** The rule ids of its **Rules.** paragraph. */
  rules: string[];
}

/** The paragraph of a section that starts with `**<label>.**`, as lines, up to the next labelled paragraph. */
function labelled(lines: readonly string[], label: string): { start: number; lines: string[] } | undefined {
  const start = lines.findIndex((line) => line.startsWith(`**${label}.**`));
  if (start < 0) return undefined;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => /^\*\*[A-Z][a-z ]+\.\*\*/.test(line));
  return { start, lines: end < 0 ? rest : rest.slice(0, end) };
}

/** Reads a register written as spec/ambiguities.md is. */
export function parseRegister(text: string): RegisterEntry[] {
  const lines = text.split('\n');
  const entries: RegisterEntry[] = [];
  const headings = lines.flatMap((line, i) => (/^### AMB-\d+: /.test(line) ? [i] : []));
  for (const [n, at] of headings.entries()) {
    const [, id = '', title = ''] = /^### (AMB-\d+): (.*)$/.exec(lines[at] as string) ?? [];
    const next = headings[n + 1] ?? lines.length;
    const section = lines.slice(at + 1, next).filter((line) => !line.startsWith('## '));
    const readings: RegisterReading[] = [];
    const block = labelled(section, 'Readings');
    let bullet: { text: string; line: number } | undefined;
    const close = (): void => {
      if (bullet === undefined) return;
      const knobPart = /\bKnobs?: (.*?)(?:$|\bReason:)/.exec(bullet.text)?.[1] ?? '';
      const knobs = [...knobPart.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
      const reason = /\bReason: (.+)$/.exec(bullet.text)?.[1];
      readings.push({ ...bullet, knobs, ...(reason === undefined ? {} : { reason }) });
      bullet = undefined;
    };
    for (const [k, line] of (block?.lines ?? []).entries()) {
      const lineNumber = at + 2 + (block?.start ?? 0) + k + 1;
      if (line.startsWith('- ')) {
        close();
        bullet = { text: line.slice(2).trim(), line: lineNumber };
      } else if (line.startsWith('  ') && bullet !== undefined) bullet.text += ` ${line.trim()}`;
      else close();
    }
    close();
    const rulesAt = section.findIndex((line) => line.startsWith('**Rules.**'));
    const rulesEnd = section.findIndex((line, i) => i > rulesAt && line.trim() === '');
    const rulesText = rulesAt < 0 ? '' : section.slice(rulesAt, rulesEnd < 0 ? undefined : rulesEnd).join(' ');
    entries.push({ id, title, line: at + 1, readings, rules: rulesText.match(/\b[A-Z]+(?:-[A-Z]+)+\b/g) ?? [] });
  }
  return entries;
}

let register: RegisterEntry[] | undefined;

/** spec/ambiguities.md of this repository, read once. */
export function readRegister(): RegisterEntry[] {
  register ??= parseRegister(readFileSync(join(SPEC_DIR, 'ambiguities.md'), 'utf8'));
  return register;
}
