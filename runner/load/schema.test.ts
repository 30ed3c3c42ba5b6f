/**
 * spec/variant.schema.json is written by hand; these tests keep it equal to the reference's vocabularies and
 * defaults, and its rule ids real.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  ACE_CAPTURES,
  ACE_FIRST_PLAYS,
  ACES_ON_ACE,
  ACES_ON_EMPTY_TABLE,
  AUTO_TIE_BREAKS,
  BONUS_BENEFICIARIES,
  BONUS_COMBINES,
  COPY_SCORINGS,
  CAPTURE_MODES,
  CATEGORY_KINDS,
  CHOOSERS,
  SUM_CHOICES,
  COMPULSIONS,
  COUNTING_OUT_TIES,
  DEAL_ORDERS,
  DEAL_PACKETS,
  DEAL_START_SEATS,
  DEALER_ROTATIONS,
  END_MODES,
  EXACT_TIES,
  RANKING_TIES,
  RANK_MATCHES,
  FIRST_DEALERS,
  INCOMPLETE_PRIMIERA,
  INSTANT_WIN_SWEEPS,
  MAX_PLAYERS,
  OPTION_TYPES,
  REDEAL_RULES,
  REMAINDER_OWNERS,
  RULE_IDS,
  SETTABLE_KNOBS,
  SUITS,
  SWEEP_TIMINGS,
  TABLE_CLAIMS,
  TABLE_ORDERS,
  TABLE_SIZES,
  TARGET_ADDITIONS,
  TEAM_MODE_PATTERN,
  THIRTY_READINGS,
  DECLARATION_KINDS,
  DECLARATION_SCORINGS,
  DECLARATION_TIMES,
  WILD_PLAYS,
  TIE_BREAK_KEYS,
  TIE_POLICIES,
} from '../../reference/types.ts';
import { DEFAULT_RULES } from '../../reference/variant.ts';
import { SPEC_DIR } from '../util/repo-paths.ts';
import { checkAgainstSchema } from './schemas.ts';

type Schema = Record<string, unknown>;

const schema = JSON.parse(readFileSync(join(SPEC_DIR, 'variant.schema.json'), 'utf8')) as Schema;
const defs = schema.$defs as Record<string, Schema>;

/** Each vocabulary of the schema (`$defs/<name>`, an `enum`) and the `as const` tuple it mirrors. */
const VOCABULARIES: Record<string, readonly string[]> = {
  suit: SUITS,
  tableSize: TABLE_SIZES,
  dealOrder: DEAL_ORDERS,
  dealPacket: DEAL_PACKETS,
  dealStartSeat: DEAL_START_SEATS,
  tableOrder: TABLE_ORDERS,
  firstDealer: FIRST_DEALERS,
  dealerRotation: DEALER_ROTATIONS,
  redealRule: REDEAL_RULES,
  bonusBeneficiary: BONUS_BENEFICIARIES,
  thirtyReading: THIRTY_READINGS,
  declarationKind: DECLARATION_KINDS,
  wildPlay: WILD_PLAYS,
  declarationScoring: DECLARATION_SCORINGS,
  declarationTime: DECLARATION_TIMES,
  captureMode: CAPTURE_MODES,
  rankMatch: RANK_MATCHES,
  compulsion: COMPULSIONS,
  chooser: CHOOSERS,
  sumChoice: SUM_CHOICES,
  autoTieBreak: AUTO_TIE_BREAKS,
  tableClaim: TABLE_CLAIMS,
  aceOnAce: ACES_ON_ACE,
  aceOnEmptyTable: ACES_ON_EMPTY_TABLE,
  aceFirstPlay: ACE_FIRST_PLAYS,
  aceCapture: ACE_CAPTURES,
  sweepTiming: SWEEP_TIMINGS,
  remainderOwner: REMAINDER_OWNERS,
  categoryKind: CATEGORY_KINDS,
  tiePolicy: TIE_POLICIES,
  incompletePrimiera: INCOMPLETE_PRIMIERA,
  bonusCombine: BONUS_COMBINES,
  copyScoring: COPY_SCORINGS,
  endMode: END_MODES,
  exactTie: EXACT_TIES,
  targetAddition: TARGET_ADDITIONS,
  countingOutTie: COUNTING_OUT_TIES,
  instantWinSweep: INSTANT_WIN_SWEEPS,
  rankingTie: RANKING_TIES,
  tieBreakKey: TIE_BREAK_KEYS,
  optionType: OPTION_TYPES,
  settableKnob: SETTABLE_KNOBS,
};

/** Every subschema with its JSON pointer, depth first. */
function* subschemas(node: unknown, pointer = ''): Generator<[string, Schema]> {
  if (typeof node !== 'object' || node === null) return;
  if (!Array.isArray(node)) yield [pointer, node as Schema];
  for (const [key, child] of Object.entries(node)) {
    // Examples of data, not schemas.
    if (key === 'default') continue;
    yield* subschemas(child, `${pointer}/${key}`);
  }
}

/** The schema of a knob: `path` is its place in the rules (`capture.mode`), walked through `properties`. */
function knobSchema(path: string[]): Schema | undefined {
  let node: Schema | undefined = defs.rulesPatch;
  for (const key of path) node = (node?.properties as Record<string, Schema> | undefined)?.[key];
  return node;
}

/** The knobs of the schema: the properties under rulesPatch that carry a `default`, with their paths. */
function* knobs(node: Schema | undefined = defs.rulesPatch, path: string[] = []): Generator<[string[], Schema]> {
  for (const [key, child] of Object.entries((node?.properties ?? {}) as Record<string, Schema>)) {
    if ('default' in child) yield [[...path, key], child];
    else yield* knobs(child, [...path, key]);
  }
}

/** The paths into DEFAULT_RULES down to its values; a value that the schema gives one `default` is one knob. */
function* defaultPaths(value: unknown, path: string[] = []): Generator<string[]> {
  const isMap = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isMap || knobSchema(path)?.default !== undefined) {
    yield path;
    return;
  }
  for (const [key, child] of Object.entries(value as object)) yield* defaultPaths(child, [...path, key]);
}

const valueAt = (path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], DEFAULT_RULES);

describe('spec/variant.schema.json', () => {
  test('compiles in ajv strict mode and accepts a minimal variant', () => {
    expect(checkAgainstSchema('variant', { id: 'minimal', title: 'Minimal', source: ['here'] })).toEqual([]);
  });

  test.each(Object.entries(VOCABULARIES))('$defs/%s is its as-const tuple', (name, tuple) => {
    expect(defs[name]).toEqual({ enum: [...tuple] });
  });

  test('every enum or const is a vocabulary of $defs, or picks the branch of a kind or type', () => {
    const misplaced = [...subschemas(schema)]
      .filter(([, node]) => 'enum' in node || 'const' in node)
      .map(([pointer]) => pointer)
      .filter((pointer) => !/^\/\$defs\/\w+$/.test(pointer) && !/\/allOf\/\d+\/if\/properties\/\w+$/.test(pointer));
    expect(misplaced).toEqual([]);
    for (const name of Object.keys(defs).filter((n) => 'enum' in (defs[n] as Schema))) {
      expect(VOCABULARIES, `$defs/${name}`).toHaveProperty(name);
    }
  });

  test.each([
    ['category', 'kind', CATEGORY_KINDS],
    ['option', 'type', OPTION_TYPES],
  ] as const)('each %s %s has exactly one branch', (def, property, vocabulary) => {
    const branches = (defs[def]?.allOf as Schema[]).map((branch) => {
      const condition = ((branch.if as Schema).properties as Record<string, Schema>)[property] as Schema;
      return 'const' in condition ? [condition.const] : (condition.enum as unknown[]);
    });
    expect(branches.flat().sort()).toEqual([...vocabulary].sort());
  });

  test('team modes follow TEAM_MODE_PATTERN, with `auto` allowed where a mode is chosen', () => {
    const seatingModes = ((defs.seating?.properties as Record<string, Schema>).teamModes as Schema).items as Schema;
    expect(seatingModes.pattern).toBe(TEAM_MODE_PATTERN.source);
    expect(knobSchema(['players', 'teamMode'])?.pattern).toBe(
      TEAM_MODE_PATTERN.source.replace('individual|', 'individual|auto|'),
    );
  });

  test('player counts go up to MAX_PLAYERS', () => {
    const players = (defs.seating?.properties as Record<string, Schema>).players as Schema;
    expect((players.items as Schema).maximum).toBe(MAX_PLAYERS);
  });

  test('suit names are keyed by SUITS', () => {
    expect(Object.keys(knobSchema(['deck', 'suitNames'])?.properties as object)).toEqual([...SUITS]);
  });

  test.each(SETTABLE_KNOBS.map((knob) => [knob]))('settable knob %s is a knob of the schema', (knob) => {
    expect(knobSchema(knob.split('.'))?.default).toBeDefined();
  });

  test.each([...defaultPaths(DEFAULT_RULES)].map((path) => [path.join('.'), path]))(
    'DEFAULT_RULES.%s is the default of its knob',
    (_, path) => {
      expect(knobSchema(path)?.default).toEqual(valueAt(path));
    },
  );

  test('every knob with a default is a value of DEFAULT_RULES', () => {
    const defaultKnobs = new Set([...defaultPaths(DEFAULT_RULES)].map((path) => path.join('.')));
    const extra = [...knobs()].map(([path]) => path.join('.')).filter((path) => !defaultKnobs.has(path));
    expect(extra).toEqual([]);
  });

  test.each([...knobs()].map(([path, knob]) => [path.join('.'), knob]))(
    '%s names its rule ids and describes itself',
    (_, knob) => {
      expect(knob.$comment).toEqual(expect.any(String));
      expect(knob.description).toEqual(expect.any(String));
    },
  );

  test('every $comment is a list of rule ids of RULE_IDS', () => {
    const comments = [...subschemas(schema)].flatMap(([pointer, node]) =>
      typeof node.$comment === 'string' ? [[pointer, node.$comment] as const] : [],
    );
    expect(comments.length).toBeGreaterThan(0);
    const unknown = comments.flatMap(([pointer, comment]) =>
      comment
        .split(/,\s*/)
        .filter((id) => !(RULE_IDS as readonly string[]).includes(id))
        .map((id) => `${pointer}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});
