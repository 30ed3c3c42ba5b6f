/**
 * `run --games` and `run --probes`: seeded games of the engine's own rules, beside the corpus. For every variant
 * the engine declares, every player count it plays and every option value its profile lists, games are generated
 * on the reference engine under the rules the engine declares (its reading of the rules merged in), every decision
 * legal, each to the game's end, and judged as fixtures are. A probe is such a game up to a position where an
 * illegal decision of one of fuzz's shapes is tried (runner/fuzz/illegal.ts), expecting the reference's refusal.
 * @module
 */
import {
  applyOptions,
  type GameEvent,
  type OptionValue,
  type ResolvedVariant,
  type RuleId,
  type Rules,
} from '../../reference/index.ts';
import { awardRule, declarationRule, endRule } from '../divergences/rule-of.ts';
import type { Reference } from '../engines/reference.ts';
import { generateGame, optionSlug } from '../fixture/generate.ts';
import type { Fixture } from '../fixture/fixture.ts';
import { readAsDeclared } from '../profile/plan.ts';
import type { EngineProfile, OptionSupport, VariantProfile } from '../profile/profile.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import type { RunItem } from './replay.ts';
import { giveWay } from '../util/give-way.ts';

/** The id folder of the generated games, apart from every corpus fixture's. */
export const GAMES_GROUP = 'games';
/** The id folder of the probes, apart from the games' and every corpus fixture's. */
export const PROBES_GROUP = 'probes';
export type GeneratedGroup = typeof GAMES_GROUP | typeof PROBES_GROUP;

/**
 * The chance of a probe at each decision of a probe's game (fuzz's default rate of illegal decisions): the first
 * drawn where some shape is refused is the probe, most often in the first two rounds, now and then later.
 */
const PROBE_RATE = 0.05;

export interface GamesWanted {
  /** Games (or probes) per setting. */
  count: number;
  /** The first game's seed; game k of every setting has seed + k. */
  seed: number;
  /** Games (the default) or probes. */
  group?: GeneratedGroup;
  /** Whether a game of this id is wanted (a selection's --filter): one that is not is not made. All, where absent. */
  wanted?: (id: string) => boolean;
}

/** One setting games are generated for: a variant with option values, a player count, and the rules as the engine reads them. */
export interface GameSetting {
  variant: ResolvedVariant;
  options: Record<string, OptionValue>;
  players: number;
  rules: Rules;
}

const seatedCounts = (variant: ResolvedVariant): number[] => [...new Set(variant.rules.players.seatings.flatMap((seating) => seating.players))].sort((a, b) => a - b);

/** The values a declared option support names: a list's values, a range's bounds (or the variant's, where it leaves one open). */
function valuesOf(support: OptionSupport, variant: ResolvedVariant, name: string): OptionValue[] {
  if (Array.isArray(support)) return support;
  const option = variant.options.find((candidate) => candidate.name === name);
  const bounds = option?.type === 'integer' ? option : undefined;
  const low = support.min ?? bounds?.min;
  const high = support.max ?? bounds?.max;
  return [...new Set([low, high].filter((value): value is number => value !== undefined))];
}

/** Every combination of the listed values, one option after another, in the order the profile lists them. */
function combinations(lists: readonly [string, OptionValue[]][]): Record<string, OptionValue>[] {
  return lists.reduce<Record<string, OptionValue>[]>(
    (partial, [name, values]) => partial.flatMap((options) => values.map((value) => ({ ...options, [name]: value }))),
    [{}],
  );
}

/**
 * The settings of an engine's profile: each declared variant (every variant, for `"*"`), at each player count it
 * declares (every count the variant seats where it declares none), with each combination of the option values it
 * lists. A combination the variant refuses, or whose declared rules contradict each other, is left out.
 */
export function gameSettings(variants: ReadonlyMap<string, ResolvedVariant>, profile: EngineProfile): GameSetting[] {
  const declared: VariantProfile[] = profile.variants === '*' ? [...variants.keys()].map((id) => ({ id })) : profile.variants;
  return declared.flatMap((entry) => {
    const variant = variants.get(entry.id);
    if (variant === undefined) return [];
    const lists = Object.entries(entry.options ?? {}).map(([name, support]): [string, OptionValue[]] => [name, valuesOf(support, variant, name)]);
    return combinations(lists).flatMap((options) => {
      const applied = applyOptions(variant, options);
      if (!applied.ok) return [];
      const rules = readAsDeclared(applied.value, entry);
      return (entry.players ?? seatedCounts(variant)).map((players) => ({ variant, options, players, rules }));
    });
  });
}

/** Whether a result's id is a generated game's. */
export const isGame = (id: string): boolean => id.startsWith(`${GAMES_GROUP}/`);

/** Whether a result's id is a probe's. */
export const isProbe = (id: string): boolean => id.startsWith(`${PROBES_GROUP}/`);

/** A game's setting, from its id: the id without its seed. */
export const settingOf = (id: string): string => id.replace(/-s\d+$/, '');

/**
 * Whether an id, or a glob on ids, names games of `run --games` or probes of `run --probes` (made by this run or
 * not) of one of `variants`: `games/<variant>/p<players>[-<options>]-s<seed>` (`probes/...` alike), or a glob under
 * `games/` or `probes/` whose variant is one of them or a glob. An expect-fail list may name them as it names fixtures.
 */
export function namesGames(id: string, variants: ReadonlyMap<string, unknown>): boolean {
  const [group, variant = '', game, ...more] = id.split('/');
  if ((group !== GAMES_GROUP && group !== PROBES_GROUP) || more.length > 0) return false;
  const glob = /[*?]/;
  if (glob.test(variant)) return true;
  if (!variants.has(variant) || game === undefined) return false;
  return glob.test(game) || /^p\d+(?:-[a-z0-9-]+)?-s\d+$/.test(game);
}

/** `games/pagat/p2-s7`, `games/playpalace/p3-decks-2-s7`, `probes/pagat/p2-s7`: a game's or probe's id, which `--filter` selects. */
export function gameId(setting: Pick<GameSetting, 'variant' | 'options' | 'players'>, seed: number, group: GeneratedGroup = GAMES_GROUP): string {
  const slug = optionSlug(setting.options);
  return `${group}/${setting.variant.id}/p${setting.players}${slug === '' ? '' : `-${slug}`}-s${seed}`;
}

/** Whether a fixture's inputs are those a game file may hold (spec/fixture.schema.json, `$defs/game`). */
const validInputs = ({ variant, options, players, firstDealer, rounds }: Fixture): boolean =>
  checkAgainstSchema('fixture#/$defs/game', { variant, options, players, rounds, ...(firstDealer === undefined ? {} : { firstDealer }) }).length === 0;

/**
 * One game (or probe) of a setting, as a run item; undefined if the reference cannot start it, null for a probe's
 * game in which no illegal decision was drawn, or whose decision no fixture may hold (a card named by the empty
 * string: the protocol's requests never hold one, and an engine may count on that).
 */
function gameItem(setting: GameSetting, seed: number, group: GeneratedGroup, engineVersion: string, repro: (id: string, seed: number) => string, reference?: Reference): RunItem | undefined | null {
  const id = gameId(setting, seed, group);
  const probing = group === PROBES_GROUP;
  let fixture: Fixture | undefined;
  try {
    const spec = { variant: setting.variant.id, options: setting.options, rules: setting.rules, players: setting.players, seed, ...(probing ? { illegalRate: PROBE_RATE } : {}) };
    const made = generateGame(reference === undefined ? spec : { ...spec, reference }, id, engineVersion);
    fixture = probing ? made.probe : made.fixture;
  } catch {
    return undefined;
  }
  if (fixture === undefined || (probing && !validInputs(fixture))) return null;
  return { fixture: { ...fixture, id, tags: [group] }, file: id, variant: setting.variant, rules: setting.rules, repro: repro(id, seed) };
}

/** The games setting by setting: undefined after each game made, then the setting's games, or none if one could not be. */
function* madeGames(
  settings: readonly GameSetting[],
  wanted: GamesWanted,
  engineVersion: string,
  repro: (id: string, seed: number) => string,
  reference?: Reference,
): Generator<RunItem[] | undefined> {
  for (const setting of settings) {
    const items: RunItem[] = [];
    for (let k = 0; k < wanted.count; k++) {
      const group = wanted.group ?? GAMES_GROUP;
      if (wanted.wanted?.(gameId(setting, wanted.seed + k, group)) === false) continue;
      const item = gameItem(setting, wanted.seed + k, group, engineVersion, repro, reference);
      if (item === undefined) {
        items.length = 0;
        break;
      }
      if (item !== null) items.push(item);
      yield undefined;
    }
    yield items;
  }
}

/**
 * The games (or probes), as run items: `count` per setting, from `seed` (a probe's game with no illegal decision
 * drawn gives no probe). A setting the reference cannot start (a player count the declared rules deal no cards to)
 * gives none. `repro` makes the command that reruns one game alone. `reference`
 * plays them where it is not the plain reference (one playing the known bugs `diagnose` has named).
 */
export function generatedGames(
  settings: readonly GameSetting[],
  wanted: GamesWanted,
  engineVersion: string,
  repro: (id: string, seed: number) => string,
  reference?: Reference,
): RunItem[] {
  return [...madeGames(settings, wanted, engineVersion, repro, reference)].flatMap((made) => made ?? []);
}

/**
 * `generatedGames`, letting the event loop turn between games: once `signal` is aborted, the games made so far (the
 * settings made whole).
 */
export async function generatedGamesStoppable(
  settings: readonly GameSetting[],
  wanted: GamesWanted,
  engineVersion: string,
  repro: (id: string, seed: number) => string,
  signal?: AbortSignal,
  reference?: Reference,
): Promise<RunItem[]> {
  const games: RunItem[] = [];
  for (const made of madeGames(settings, wanted, engineVersion, repro, reference)) {
    if (made !== undefined) games.push(...made);
    await giveWay();
    if (signal?.aborted === true) break;
  }
  return games;
}

/**
 * The rule ids a game's events exercise: the deal and its redeals, each kind of play, sweeps and the remainder,
 * each category awarded, and how the game ended.
 */
export function rulesExercised(events: readonly GameEvent[], rules: Rules): Set<RuleId> {
  const exercised = new Set<RuleId>();
  for (const event of events) {
    switch (event.type) {
      case 'deal':
        exercised.add(event.deal === 1 ? 'DEAL-PROCEDURE' : 'DEAL-REFILL');
        break;
      case 'redeal':
        exercised.add(event.rule);
        break;
      case 'table-bonus':
        exercised.add('TABLE-BONUS-FIFTEEN');
        break;
      case 'declaration':
        exercised.add(declarationRule(event, rules));
        break;
      case 'trail':
        exercised.add('PLAY-TRAIL');
        break;
      case 'capture':
        exercised.add(captureRule(event, rules));
        break;
      case 'sweep':
        exercised.add('SWEEP-POINT');
        break;
      case 'remainder':
        exercised.add('SWEEP-REMAINDER');
        break;
      case 'award': {
        const rule = event.points.some((points) => points > 0) ? awardRule(event.category, event, event, rules) : undefined;
        if (rule !== undefined) exercised.add(rule);
        break;
      }
      case 'game-end':
        exercised.add(endRule(event, event, rules));
        break;
      default:
        break;
    }
  }
  return exercised;
}

/** A capture's rule: the fifteen, a rank match, an ace taking the table, or a sum, as the played card and the cards taken show. */
function captureRule(event: Extract<GameEvent, { type: 'capture' }>, rules: Rules): RuleId {
  if (rules.capture.mode === 'fifteen') return 'CAP-FIFTEEN';
  const value = (card: string): number => Number.parseInt(card, 10);
  const rankMatch = event.captured.every((card) => value(card) === value(event.card));
  if (rankMatch) return 'CAP-RANK';
  if (rules.capture.aceTakesAll && value(event.card) === 1) return 'CAP-ACE-TAKES-ALL';
  const total = event.captured.reduce((sum, card) => sum + value(card), value(event.card));
  return rules.capture.mode !== 'match-or-sum' && total === 15 ? 'CAP-FIFTEEN' : 'CAP-SUM';
}
