/**
 * The text of a new variant file that extends another: valid as it stands (it changes nothing), with every knob of
 * the schema written out at the parent's value, commented, under its rule ids, meaning and allowed values, ready to
 * be uncommented and edited.
 * @module
 */
import type { ResolvedVariant } from '../../reference/types.ts';
import { resolvedNode, type SchemaNode, variantSchemaDefs } from '../util/variant-schema.ts';
import { blockYaml, flowYaml } from '../fixture/yaml-layout.ts';

/** What a knob's values may be: its enum, its range, or its type. */
function allowedValues(node: SchemaNode): string | undefined {
  const choices = [node, ...(node.anyOf ?? [])].map(resolvedNode);
  const parts = choices.flatMap((choice) => {
    if (choice.enum !== undefined) return [choice.enum.join(', ')];
    if (choice.type === 'integer') return [`${choice.minimum ?? 0} to ${choice.maximum ?? 'any'}`];
    if (choice.type === 'boolean') return ['true, false'];
    return [];
  });
  return parts.length === 0 ? undefined : parts.join(', or ');
}

/** The commented lines of one group of knobs, `depth` levels under `rules:`. */
function knobLines(properties: Record<string, SchemaNode>, values: Record<string, unknown>, depth: number): string[] {
  const pad = '  '.repeat(depth);
  const lines: string[] = [];
  for (const [key, node] of Object.entries(properties)) {
    const value = values[key];
    const group = resolvedNode(node);
    const allowed = allowedValues(node);
    const about = `${node.$comment === undefined ? '' : `${node.$comment}: `}${node.description ?? ''}${allowed === undefined ? '' : ` Values: ${allowed}.`}`;
    if (about !== '') lines.push(`${pad}# ${about}`);
    if (group.properties !== undefined && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      lines.push(`${pad}${key}:`, ...knobLines(group.properties, value as Record<string, unknown>, depth + 1));
    } else {
      lines.push(...blockYaml({ [key]: value }).trimEnd().split('\n').map((line) => `${pad}${line}`));
    }
  }
  return lines;
}

/** A variant file `<id>.yaml` that extends `parent`, its knobs commented at the parent's values. */
export function variantTemplate(id: string, parent: ResolvedVariant): string {
  const rules = resolvedNode(variantSchemaDefs().rulesPatch as SchemaNode).properties ?? {};
  const knobs = ['rules:', ...knobLines(rules, parent.rules as unknown as Record<string, unknown>, 1)];
  const inherited = parent.options.map((option) => option.name);
  return [
    '# yaml-language-server: $schema=../spec/variant.schema.json',
    '#',
    `# ${id}: a variant that starts from ${parent.id} (${parent.title}).`,
    `# Every knob is written out below at ${parent.id}'s value, commented out: as it stands this file plays exactly`,
    `# as ${parent.id} does. To change a knob, uncomment its line and the lines of the groups above it (\`rules:\`,`,
    '# then `capture:`, say), and edit the value. Each knob names its rule ids: spec/rules.md says what they do.',
    ...(inherited.length === 0 ? [] : [`# Host options inherited from ${parent.id}: ${inherited.join(', ')}; declare more under \`options:\`.`]),
    `id: ${id}`,
    `title: ${flowYaml(`${parent.title}, house rules`)}`,
    `extends: ${parent.id}`,
    '# Where the rules come from: a rule page, a book, a table you play at.',
    'source:',
    `  - ${flowYaml(`house rules over ${parent.id}`)}`,
    ...knobs.map((line) => `# ${line}`),
    '',
  ].join('\n');
}
