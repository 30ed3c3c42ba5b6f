/**
 * spec/variant.schema.json read as data: its `$defs`, each node with what the knob vocabulary needs of it (the rule
 * ids of its `$comment`, its enum, its type, its properties), and local `$ref`s followed.
 * @module
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPEC_DIR } from './repo-paths.ts';

export interface SchemaNode {
  $ref?: string;
  $comment?: string;
  description?: string;
  enum?: string[];
  const?: string;
  type?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, SchemaNode>;
  anyOf?: SchemaNode[];
  allOf?: { if?: SchemaNode; then?: SchemaNode }[];
}

let defs: Record<string, SchemaNode> | undefined;

/** The schema's `$defs`, read once. */
export function variantSchemaDefs(): Record<string, SchemaNode> {
  defs ??= (JSON.parse(readFileSync(join(SPEC_DIR, 'variant.schema.json'), 'utf8')) as { $defs: Record<string, SchemaNode> }).$defs;
  return defs;
}

/** The node a `$ref` points to (one level), or the node itself. */
export const resolvedNode = (node: SchemaNode): SchemaNode =>
  node.$ref === undefined ? node : (variantSchemaDefs()[node.$ref.replace('#/$defs/', '')] ?? node);

/** The rule ids a node's `$comment` names, in order. */
export const commentRules = (node: SchemaNode): string[] => node.$comment?.match(/\b[A-Z]+(?:-[A-Z]+)+\b/g) ?? [];

/** A knob of the rules whose values can be listed: its dotted path (`capture.mode`), its values, the rules it shapes. */
export interface ListedKnob {
  path: string;
  values: (string | boolean)[];
  /** The rule ids of its `$comment`. */
  rules: string[];
}

/** The values a node allows, where they can be listed: an enum's, or true and false. */
export function listedValues(node: SchemaNode): (string | boolean)[] | undefined {
  const resolved = resolvedNode(node);
  if (resolved.enum !== undefined) return resolved.enum;
  return resolved.type === 'boolean' ? [true, false] : undefined;
}

/** Every knob of the rules (`$defs/rulesPatch`) with listed values, depth first. */
export function listedRulesKnobs(): ListedKnob[] {
  const under = (properties: Record<string, SchemaNode>, path: string): ListedKnob[] =>
    Object.entries(properties).flatMap(([key, node]) => {
      const values = listedValues(node);
      if (values !== undefined) return [{ path: `${path}${key}`, values, rules: commentRules(node) }];
      const inner = resolvedNode(node).properties;
      return inner === undefined ? [] : under(inner, `${path}${key}.`);
    });
  return under(resolvedNode(variantSchemaDefs().rulesPatch as SchemaNode).properties ?? {}, '');
}
