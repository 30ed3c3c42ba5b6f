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
