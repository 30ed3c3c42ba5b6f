/**
 * The catalog of known bugs as a page (`explain --known-bugs`): each bug's name, as `diagnose` names it and a
 * known-bugs file lists it, under the rule it breaks, with what the engine does wrong.
 * @module
 */
import type { RuleId } from '../../reference/index.ts';
import { ruleName, rulePointer } from '../report/divergence.ts';
import { KNOWN_BUGS, type KnownBug } from './known-bugs.ts';

/** The known bugs in Markdown, by rule in the order of spec/rules.md's ids as first met in the catalog. */
export function knownBugsMarkdown(bugs: readonly KnownBug[] = KNOWN_BUGS): string {
  const byRule = new Map<RuleId, KnownBug[]>();
  for (const bug of bugs) byRule.set(bug.rule, [...(byRule.get(bug.rule) ?? []), bug]);
  const out = [
    '# Known bugs',
    '',
    `The ${bugs.length} bugs of the catalog that \`diagnose\` names ("behaves like: <name>") and a known-bugs file lists`,
    '(spec/known-bugs.schema.json, for `run --known-bugs`). Each is a way real engines are known to go wrong that',
    'no source documents as a reading; the reference can play each, so that an engine with one is judged against',
    'the reference playing it and its other bugs show.',
  ];
  for (const [rule, listed] of byRule) {
    out.push('', `## ${ruleName(rule)}`, '', `See ${rulePointer(rule)}.`, '');
    for (const bug of listed) out.push(`- \`${bug.name}\`: ${bug.bug}`);
  }
  return `${out.join('\n')}\n`;
}
