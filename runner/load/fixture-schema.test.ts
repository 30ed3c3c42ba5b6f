/**
 * spec/fixture.schema.json is written by hand; these tests keep it equal to the TypeScript shapes of
 * runner/fixture/fixture.ts and to the reference's vocabularies, and its messages readable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  ERROR_CODES,
  EVENT_TYPES,
  GAME_END_REASONS,
  MAX_PLAYERS,
  REDEAL_RULES,
  RULE_IDS,
  type EventType,
  type GameEvent,
} from '../../reference/types.ts';
import { EVENT_MATCHES, type Fixture, PROVENANCE_KINDS, type Provenance } from '../fixture/fixture.ts';
import { SPEC_DIR } from '../util/repo-paths.ts';
import { checkAgainstSchema } from './schemas.ts';

type Schema = Record<string, unknown>;

const schema = JSON.parse(readFileSync(join(SPEC_DIR, 'fixture.schema.json'), 'utf8')) as Schema;
const defs = schema.$defs as Record<string, Schema>;
const keysOf = (node: Schema | undefined): string[] => Object.keys((node?.properties ?? {}) as object);
const branchesOf = (name: string): Schema[] => defs[name]?.oneOf as Schema[];

/** One of each event, every field written (optional ones too): TypeScript checks each against `GameEvent`. */
const EVERY_EVENT: { [T in EventType]: Required<Extract<GameEvent, { type: T }>> } = {
  deal: { type: 'deal', round: 1, deal: 1, dealer: 1, hands: [['7D'], ['1S']], table: ['3D', '4C'] },
  redeal: { type: 'redeal', round: 1, rule: 'TABLE-REDEAL-KINGS', table: ['10D', '10H', '10S', '1C'] },
  'table-bonus': { type: 'table-bonus', round: 1, seat: 0, cards: ['5D', '10S'], sweeps: 1, points: 1 },
  declaration: { type: 'declaration', round: 1, seat: 1, kind: 'low', cards: ['1D', '2S', '3C'], sweeps: 3 },
  capture: { type: 'capture', seat: 0, card: '7D', captured: ['3D', '4C'] },
  trail: { type: 'trail', seat: 1, card: '2H' },
  claim: { type: 'claim', seat: 1, captured: ['7H', '8S'] },
  sweep: { type: 'sweep', seat: 0, points: 1 },
  remainder: { type: 'remainder', seat: null, cards: [] },
  award: { type: 'award', round: 1, category: 'cards', counts: [25, 15], points: [1, 0] },
  'round-end': { type: 'round-end', round: 1, points: [3, 0], totals: [3, 0], eliminated: [] },
  'game-end': { type: 'game-end', reason: 'target', winner: null, ranking: [0, 1], totals: [11, 11] },
};

/** A fixture with every key written; TypeScript checks it against `Fixture`. */
const EVERY_KEY: Required<Fixture> = {
  id: 'pagat/example',
  title: 'An example',
  variant: 'pagat',
  options: {},
  players: 2,
  firstDealer: 1,
  tags: ['example'],
  rules: ['CAP-SUM'],
  provenance: { kind: 'generated', generator: 'test', seed: 1, engineVersion: '0.1.0' },
  rounds: [{ decks: [['7D']], plays: [{ card: '7D', capture: ['3D', '4C'], seat: 0 }] }],
  expect: {
    events: { match: 'types', types: ['capture'], list: [EVERY_EVENT.capture] },
    rounds: [{ round: 1, awards: { cards: { counts: [1, 0], points: [1, 0] } }, points: [1, 0], totals: [1, 0], sweeps: [0, 0] }],
    result: { reason: 'target', winner: 0, ranking: [0, 1], totals: [11, 3] },
    reject: { round: 1, play: 2, code: 'MUST_CAPTURE' },
  },
};

const EVERY_PROVENANCE: { [K in Provenance['kind']]: Required<Extract<Provenance, { kind: K }>> } = {
  'hand-verified': { kind: 'hand-verified', reasoning: 'one\ntwo' },
  generated: { kind: 'generated', generator: 'g', seed: 0, engineVersion: '0.1.0' },
  'cross-checked': { kind: 'cross-checked', with: 'another engine', reasoning: 'r' },
  recorded: { kind: 'recorded', system: 'scopa-web', version: '2.3.1', recordedAt: '2026-11-20T18:04:00Z', note: 'n' },
  fuzz: { kind: 'fuzz', seed: 7, engine: 'my-scopa 0.4.1', rule: 'SWEEP-LAST-PLAY', engineVersion: '0.1.0' },
};

describe('spec/fixture.schema.json', () => {
  test('compiles in ajv strict mode and accepts a fixture with every key', () => {
    expect(checkAgainstSchema('fixture', EVERY_KEY)).toEqual([]);
  });

  test('its top-level keys are those of Fixture', () => {
    expect(keysOf(schema).sort()).toEqual(Object.keys(EVERY_KEY).sort());
  });

  test('a game file has the inputs of a fixture and nothing else', () => {
    expect(keysOf(defs.game)).toEqual(['variant', 'options', 'players', 'firstDealer', 'rounds']);
    for (const key of keysOf(defs.game)) expect(keysOf(schema)).toContain(key);
  });

  test.each([
    ['ruleId', RULE_IDS],
    ['errorCode', ERROR_CODES],
    ['eventType', EVENT_TYPES],
    ['gameEndReason', GAME_END_REASONS],
    ['redealRule', REDEAL_RULES],
    ['eventMatch', EVENT_MATCHES],
    ['provenanceKind', PROVENANCE_KINDS],
  ] as const)('$defs/%s is its as-const tuple', (name, tuple) => {
    expect(defs[name]).toEqual({ enum: [...tuple] });
  });

  test('$defs/event has one branch per event type, in EVENT_TYPES order', () => {
    const types = branchesOf('event').map((branch) => ((branch.properties as Record<string, Schema>).type as Schema).const);
    expect(types).toEqual([...EVENT_TYPES]);
  });

  test.each(EVENT_TYPES.map((type) => [type]))('the %s event has exactly the fields of GameEvent', (type) => {
    const branch = branchesOf('event').find((b) => ((b.properties as Record<string, Schema>).type as Schema).const === type);
    expect(keysOf(branch).sort()).toEqual(Object.keys(EVERY_EVENT[type]).sort());
    expect(branch?.additionalProperties).toBe(false);
    expect(checkAgainstSchema('fixture#/$defs/event', EVERY_EVENT[type])).toEqual([]);
    expect(checkAgainstSchema('fixture#/$defs/event', { ...EVERY_EVENT[type], extra: 1 })).toHaveLength(1);
  });

  test.each(PROVENANCE_KINDS.map((kind) => [kind]))('the %s provenance has exactly the fields of Provenance', (kind) => {
    const branch = branchesOf('provenance').find((b) => ((b.properties as Record<string, Schema>).kind as Schema).const === kind);
    expect(keysOf(branch).sort()).toEqual(Object.keys(EVERY_PROVENANCE[kind]).sort());
    expect(checkAgainstSchema('fixture#/$defs/provenance', EVERY_PROVENANCE[kind])).toEqual([]);
  });

  test('players go up to MAX_PLAYERS, seats to MAX_PLAYERS - 1', () => {
    expect(defs.players?.maximum).toBe(MAX_PLAYERS);
    expect(defs.seat?.maximum).toBe(MAX_PLAYERS - 1);
  });

  test('every object schema closes its keys', () => {
    const open: string[] = [];
    const walk = (node: unknown, pointer: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const object = node as Schema;
      if (object.type === 'object' && object.additionalProperties === undefined && object.oneOf === undefined) open.push(pointer);
      for (const [key, child] of Object.entries(object)) if (key !== 'default') walk(child, `${pointer}/${key}`);
    };
    walk(schema, '');
    expect(open).toEqual([]);
  });
});

describe('fixture schema messages', () => {
  test.each([
    [
      'an event of an unknown type names the types',
      { type: 'take', seat: 0 },
      { pointer: '/type', part: 'value', message: `expected one of ${EVENT_TYPES.join(', ')}, got "take"` },
    ],
    ['an event without a type', { seat: 0 }, { pointer: '', part: 'key', message: 'missing key "type"' }],
    [
      'an event with a field of another event',
      { type: 'trail', seat: 0, card: '7D', captured: [] },
      { pointer: '/captured', part: 'key', message: 'unknown key "captured" (allowed: type, seat, card)' },
    ],
  ])('%s', (_, data, problem) => {
    expect(checkAgainstSchema('fixture#/$defs/event', data)).toEqual([problem]);
  });

  test('a long vocabulary is not listed; a near miss is suggested', () => {
    expect(checkAgainstSchema('fixture#/$defs/errorCode', 'MUST_CAPTUR')).toEqual([
      { pointer: '', part: 'value', message: `"MUST_CAPTUR" is not one of the ${ERROR_CODES.length} allowed values; did you mean MUST_CAPTURE?` },
    ]);
    expect(checkAgainstSchema('fixture#/$defs/ruleId', 'SOMETHING-ELSE-ENTIRELY')).toEqual([
      { pointer: '', part: 'value', message: `"SOMETHING-ELSE-ENTIRELY" is not one of the ${RULE_IDS.length} allowed values` },
    ]);
  });

  test('a card not in notation says what notation is', () => {
    expect(checkAgainstSchema('fixture#/$defs/card', 'KD')).toEqual([
      { pointer: '', part: 'value', message: 'expected a card in notation (value 1 to 10, then suit D, H, S or C: 7D, 10S), got "KD"' },
    ]);
  });

  test('an empty expect asks for something to compare', () => {
    expect(checkAgainstSchema('fixture#/$defs/expectations', {})).toEqual([
      { pointer: '', part: 'value', message: 'expected at least one key, got 0' },
    ]);
  });

  test('a long value is quoted shortened', () => {
    const [problem] = checkAgainstSchema('fixture#/$defs/card', 'x'.repeat(100));
    expect(problem?.message).toMatch(/got "x{57}"\.\.\.$/);
  });
});
