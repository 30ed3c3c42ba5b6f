/**
 * A fixture judged by an engine's declared rules. Given the engine's profile, a fixture is either not applicable
 * (the engine does not play its variant, player count or settings, or its decisions are illegal under the rules
 * the engine declares), or it runs: as written when the engine plays the fixture's rules, or with expectations
 * derived on the reference engine under the declared rules (the rules are data: the reference plays them).
 * @module
 */
import {
  applyOptions,
  type Category,
  checkRules,
  mergePatch,
  type GameEvent,
  type OptionValue,
  type ResolvedVariant,
  type Rules,
  startGame,
} from '../../reference/index.ts';
import { sameJson } from '../verdict/equality.ts';
import { expectationsOnReference } from '../fixture/expectations.ts';
import { positionsOf, roundsToldApart } from '../verdict/positions.ts';
import { type ExpectedRejection, type Fixture, type FixtureRound, type ReplayRequest, replayRequestOf } from '../fixture/fixture.ts';
import { formatDecision } from '../report/divergence.ts';
import {
  describeReporting,
  type EngineProfile,
  fixedValue,
  type Reporting,
  reportingFor,
  reportsField,
  supportsValue,
  type VariantProfile,
  variantProfileOf,
} from './profile.ts';

export type Plan =
  | {
      kind: 'not-applicable';
      reason: string;
      /** Set when the reason is a decision the declared rules refuse, or accept where the fixture expects it refused. */
      refused?: DeclaredRefusal;
    }
  | {
      kind: 'run';
      /** The fixture as the engine is to play it: its options and expectations, derived where `derived` says. */
      fixture: Fixture;
      rules: Rules;
      reporting: Reporting;
      /** Set when the expectations were derived: under which declared rules and settings. */
      derived?: string;
    };

/**
 * A fixture whose decisions the reference judges otherwise under the engine's declared rules: the game as the engine
 * would be asked it under them (every input), and the reference's refusal there, none where it finds every decision
 * legal. `diagnose` asks whether the engine refuses the same play with the same code.
 */
export interface DeclaredRefusal {
  request: ReplayRequest;
  rejection?: ExpectedRejection;
}

const notApplicable = (reason: string): Plan => ({ kind: 'not-applicable', reason });

const describeSupport = (support: unknown): string =>
  Array.isArray(support) ? support.map(String).join(', ') : `${JSON.stringify(support)}`;

/** The knobs where two rule sets differ, as `group.knob: value` (the second's value). */
export function rulesDifference(from: unknown, to: unknown, path = ''): string[] {
  if (sameJson(from, to)) return [];
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(from) || !isObject(to)) return [`${path}: ${JSON.stringify(to)}`];
  return Object.keys(to).flatMap((key) => rulesDifference(from[key], to[key], path === '' ? key : `${path}.${key}`));
}

/**
 * How `fixture` is run on an engine with this profile. `variant` is the fixture's variant; `rules` are the
 * fixture's rules (the variant with the fixture's options applied).
 */
export function planFixture(fixture: Fixture, variant: ResolvedVariant, rules: Rules, profile: EngineProfile): Plan {
  const declared = variantProfileOf(profile, fixture.variant);
  if (declared === undefined) return notApplicable(`the engine does not play ${fixture.variant}`);
  const reporting = reportingFor(profile, declared);
  if (declared.players !== undefined && !declared.players.includes(fixture.players)) {
    return notApplicable(`the engine plays ${declared.players.join(', ')} players, the fixture ${fixture.players}`);
  }
  if (!checksWhatIsReported(fixture, reporting)) {
    return notApplicable(`the fixture checks nothing the engine reports (it reports ${describeReporting(reporting)})`);
  }
  const settings = declaredSettings(fixture, variant, rules, declared);
  if (typeof settings === 'string') return notApplicable(settings);
  if (settings.changes.length === 0) return { kind: 'run', fixture, rules, reporting };

  const derivedFixture: Fixture = { ...fixture, options: settings.options };
  const derived = expectationsOnReference(replayRequestOf(derivedFixture, settings.rules), fixture.expect.legal);
  if (derived === undefined) return notApplicable(`the game cannot start under the engine's declared rules (${settings.changes.join('; ')})`);
  const { rejection } = derived.reply;
  const refused = refusalProblem(fixture, rejection, settings.rules);
  if (refused !== undefined) {
    return {
      kind: 'not-applicable',
      reason: `${refused} under the engine's declared rules (${settings.changes.join('; ')})`,
      refused: { request: replayRequestOf(derivedFixture, settings.rules), ...(rejection === undefined ? {} : { rejection: { round: rejection.round, play: rejection.play, code: rejection.code } }) },
    };
  }
  const { expect } = derived;
  if (expect.legal !== undefined && fixture.expect.legal === undefined) delete expect.legal;
  return {
    kind: 'run',
    fixture: { ...derivedFixture, rounds: inputsPlayed(derivedFixture.rounds, derived.reply.events), expect },
    rules: settings.rules,
    reporting,
    derived: `expectations derived on the reference engine under the engine's declared rules: ${settings.changes.join('; ')}`,
  };
}

/**
 * The options and rules the engine plays this game with (a fixture, or a replay request), and what differs from the
 * game's; or why it cannot play it.
 */
export function declaredSettings(
  fixture: Pick<Fixture, 'options' | 'players' | 'firstDealer'>,
  variant: ResolvedVariant,
  rules: Rules,
  declared: VariantProfile,
): { options: Record<string, OptionValue>; rules: Rules; changes: string[] } | string {
  const changes: string[] = [];
  const options = { ...fixture.options };
  for (const [name, support] of Object.entries(declared.options ?? {})) {
    const spec = variant.options.find((option) => option.name === name);
    if (spec === undefined) return `the profile names option ${name}, which ${variant.id} does not have`;
    const value = Object.hasOwn(options, name) ? (options[name] as OptionValue) : spec.default;
    if (supportsValue(support, value)) continue;
    const fixed = fixedValue<OptionValue>(support);
    if (fixed === undefined) return `the engine does not support ${name}=${String(value)} (it supports ${describeSupport(support)})`;
    options[name] = fixed;
    changes.push(`${name}=${String(fixed)}, the only value the engine supports`);
  }
  let played = rules;
  if (changes.length > 0) {
    const applied = applyOptions(variant, options);
    if (!applied.ok) return `the engine's only supported setting cannot be used here: ${applied.error.message}`;
    played = applied.value;
  }

  if (declared.teamModes !== undefined) {
    const started = startGame(played, { players: fixture.players, firstDealer: fixture.firstDealer });
    const mode = started.ok ? started.value.seats.teamMode : undefined;
    if (mode !== undefined && !declared.teamModes.includes(mode)) {
      const fixed = fixedValue<string>(declared.teamModes);
      if (fixed === undefined) return `the engine does not play team mode ${mode} (it plays ${declared.teamModes.join(', ')})`;
      played = mergePatch(played, { players: { teamMode: fixed } });
      changes.push(`played as ${fixed}, the only team mode the engine plays`);
    }
  }

  if (declared.rules !== undefined || declared.categories !== undefined || declared.redeals !== undefined) {
    const read = readAsDeclared(played, declared);
    const problem = checkRules(read);
    if (problem !== undefined) return `the engine's declared rules contradict each other here: ${problem}`;
    changes.push(...rulesDifference(played, read));
    played = read;
  }
  return { options, rules: played, changes };
}

/** The rules as the engine reads them: its `rules` merged in, then its category and redeal knobs. */
export function readAsDeclared(rules: Rules, declared: VariantProfile): Rules {
  const merged = declared.rules === undefined ? rules : mergePatch(rules, declared.rules);
  const { categories = {}, redeals = {} } = declared;
  const categoryKnobs = (category: Category) => ({ ...categories[category.kind], ...categories[category.id] });
  return {
    ...merged,
    scoring: { ...merged.scoring, categories: merged.scoring.categories.map((category) => ({ ...category, ...categoryKnobs(category) })) },
    openingTable: {
      ...merged.openingTable,
      redeal: merged.openingTable.redeal.map((condition) => ({ ...condition, ...redeals[condition.rule] })),
    },
  };
}

/** Whether any of the fixture's expectations is about something the engine reports. */
function checksWhatIsReported(fixture: Fixture, reporting: Reporting): boolean {
  const { events, rounds = [], result, reject, legal } = fixture.expect;
  if (reject !== undefined || legal !== undefined) return true;
  if (result !== undefined && reporting.types.has('game-end')) return true;
  if (events !== undefined) {
    const types = events.match === 'types' && events.types !== undefined ? events.types : events.list.map((event) => event.type);
    if (types.some((type) => reporting.types.has(type))) return true;
  }
  return rounds.some(
    (round) =>
      (round.sweeps !== undefined && reporting.types.has('sweep') && roundsToldApart(reporting.types)) ||
      (round.awards !== undefined && reporting.types.has('award')) ||
      (round.points !== undefined && reportsField(reporting, 'round-end', 'points')) ||
      (round.totals !== undefined && reportsField(reporting, 'round-end', 'totals')),
  );
}

/**
 * The inputs a game used: where the game ends before its inputs do (under rules that end it sooner), the rest
 * is cut off, so that the engine is asked to play exactly the game the expectations describe.
 */
function inputsPlayed(rounds: readonly FixtureRound[], events: readonly GameEvent[]): FixtureRound[] {
  if (events.at(-1)?.type !== 'game-end') return [...rounds];
  const positions = positionsOf(events);
  const last = positions.at(-1) ?? { round: 1, play: 0 };
  return rounds.slice(0, last.round).map((round, i) => (i === last.round - 1 ? { ...round, plays: round.plays.slice(0, last.play) } : round));
}

/** Why the fixture's decisions cannot be judged under the declared rules, or undefined if they can. */
function refusalProblem(fixture: Fixture, refusal: { round: number; play: number; code: string } | undefined, rules: Rules): string | undefined {
  const expected = fixture.expect.reject;
  const decision = (round: number, play: number): string => {
    const made = fixture.rounds[round - 1]?.plays[play - 1];
    return made === undefined ? `the deck order of round ${round}` : `play ${play} of round ${round} (${formatDecision(made, rules)})`;
  };
  if (refusal === undefined) {
    return expected === undefined ? undefined : `the fixture checks that ${decision(expected.round, expected.play)} is refused (${expected.code}); it is legal`;
  }
  if (expected !== undefined && expected.round === refusal.round && expected.play === refusal.play && expected.code === refusal.code) return undefined;
  return `${decision(refusal.round, refusal.play)} is refused (${refusal.code})`;
}
