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
  isClaim,
  type OptionValue,
  type PlayDecision,
  type ResolvedVariant,
  type Rules,
  startGame,
} from '../../reference/index.ts';
import { sameJson } from '../verdict/equality.ts';
import type { Reference } from '../engines/reference.ts';
import { expectationsOnReference } from '../fixture/expectations.ts';
import { positionsOf, roundsToldApart } from '../verdict/positions.ts';
import { type ExpectedRejection, type Fixture, type FixtureRound, type ReplayRequest, replayRequestOf } from '../fixture/fixture.ts';
import { formatDecision } from '../report/divergence.ts';
import {
  type CategoryDeclaration,
  type CategoryKnobs,
  describeReporting,
  type EngineProfile,
  fixedValue,
  isWholeCategory,
  type OptionSupport,
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
      /** What it has in common with every fixture not applicable the same way: reports count them by it. */
      cause: string;
      /** This fixture's reason, in one short line. */
      reason: string;
      /** Set when its inputs are not legal under the engine's declared rules and settings: those. */
      derived?: string;
      /** Set when the reason is a decision the declared rules refuse, or accept where the fixture expects it refused. */
      refused?: DeclaredRefusal;
    }
  | {
      kind: 'run';
      /** The fixture as the engine is to play it: its options and expectations, derived where `derived` says. */
      fixture: Fixture;
      rules: Rules;
      reporting: Reporting;
      /** Set when the expectations were derived: the declared rules and settings they were derived under. */
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

export type NotApplicable = Extract<Plan, { kind: 'not-applicable' }>;

export const notApplicable = (cause: string, reason = cause, derived?: string): NotApplicable => ({
  kind: 'not-applicable',
  cause,
  reason,
  ...(derived === undefined ? {} : { derived }),
});

/** Why a fixture whose inputs the declared rules refuse, or cannot even start, is not applicable. */
const ILLEGAL_UNDER_DECLARED = "inputs not legal under the engine's declared rules";

function describeSupport(support: OptionSupport): string {
  if (Array.isArray(support)) return support.map(String).join(', ');
  if (support.max === undefined) return `${support.min} or more`;
  return support.min === undefined ? `up to ${support.max}` : `${support.min} to ${support.max}`;
}

/** A knob's value as a profile writes it in YAML: a string bare, anything else as JSON. */
const knobValue = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of items each named by a distinct `id` (scoring categories), read as a map by id; undefined otherwise. */
function byId(list: unknown): Map<string, unknown> | undefined {
  if (!Array.isArray(list) || !list.every((item) => isObject(item) && typeof item.id === 'string')) return undefined;
  const items = new Map(list.map((item) => [(item as { id: string }).id, item]));
  return items.size === list.length ? items : undefined;
}

/**
 * The knobs where two rule sets differ, as `path.knob: value` (the second's value), each path under `prefix`. Two
 * lists of items with ids in the same order (scoring categories) differ item by item, `path.<id>.knob: value`, an
 * item only one of them has named whole (`path.<id>: none` where the second has none), rather than as the whole list.
 */
export function rulesDifference(from: unknown, to: unknown, prefix = ''): string[] {
  if (sameJson(from, to)) return [];
  const at = (key: string): string => (prefix === '' ? key : `${prefix}.${key}`);
  const [before, after] = [byId(from), byId(to)];
  const sameOrder = before !== undefined && after !== undefined && sameJson([...before.keys()].filter((id) => after.has(id)), [...after.keys()].filter((id) => before.has(id)));
  if (sameOrder) {
    const ids = [...new Set([...before.keys(), ...after.keys()])];
    return ids.flatMap((id) => (after.has(id) ? rulesDifference(before.get(id), after.get(id), at(id)) : [`${at(id)}: none`]));
  }
  if (!isObject(from) || !isObject(to)) return [`${prefix}: ${knobValue(to)}`];
  return Object.keys(to).flatMap((key) => rulesDifference(from[key], to[key], at(key)));
}

/**
 * Bugs of the catalog an engine is known to have (`run --known-bugs`, what `diagnose` names): the reference playing
 * them derives every expectation, so that what is left shows the engine's other bugs.
 */
export interface KnownBugs {
  names: readonly string[];
  reference: Reference;
}

/**
 * How `fixture` is run on an engine with this profile. `variant` is the fixture's variant; `rules` are the
 * fixture's rules (the variant with the fixture's options applied).
 */
export function planFixture(fixture: Fixture, variant: ResolvedVariant, rules: Rules, profile: EngineProfile, known?: KnownBugs): Plan {
  const declared = variantProfileOf(profile, fixture.variant);
  if (declared === undefined) return notApplicable('a variant the engine does not play', `the engine does not play ${fixture.variant}`);
  const reporting = reportingFor(profile, declared);
  if (declared.players !== undefined && !declared.players.includes(fixture.players)) {
    const plays = `the engine plays ${declared.players.join(', ')} players`;
    return notApplicable(plays, `${plays}, the fixture ${fixture.players}`);
  }
  if (!checksWhatIsReported(fixture, reporting)) {
    const reports = `(it reports ${describeReporting(reporting)})`;
    return notApplicable(`nothing the engine reports is checked ${reports}`, `the fixture checks nothing the engine reports ${reports}`);
  }
  const settings = declaredSettings(fixture, variant, rules, declared);
  if (settings.kind === 'not-applicable') return settings;
  const bugs = known === undefined || known.names.length === 0 ? undefined : known;
  if (settings.changes.length === 0 && bugs === undefined) return { kind: 'run', fixture, rules, reporting };

  const declaration = [...settings.changes, ...(bugs === undefined ? [] : [`known bugs: ${bugs.names.join(', ')}`])].join(', ');
  const derivedFixture: Fixture = { ...fixture, options: settings.options, rounds: decisionsFor(settings.rules, rules, fixture.rounds) };
  const derived = expectationsOnReference(replayRequestOf(derivedFixture, settings.rules), fixture.expect.legal, bugs?.reference);
  if (derived === undefined) return notApplicable(ILLEGAL_UNDER_DECLARED, "the game cannot start under the engine's declared rules", declaration);
  const { rejection } = derived.reply;
  const refused = refusalProblem(fixture, rejection, settings.rules);
  if (refused !== undefined) {
    const request = replayRequestOf(derivedFixture, settings.rules);
    const expected = rejection === undefined ? {} : { rejection: { round: rejection.round, play: rejection.play, code: rejection.code } };
    return { ...notApplicable(ILLEGAL_UNDER_DECLARED, `${refused} under the engine's declared rules`, declaration), refused: { request, ...expected } };
  }
  const { expect } = derived;
  if (expect.legal !== undefined && fixture.expect.legal === undefined) delete expect.legal;
  return {
    kind: 'run',
    fixture: { ...derivedFixture, rounds: inputsPlayed(derivedFixture.rounds, derived.reply.events), expect },
    rules: settings.rules,
    reporting,
    derived: declaration,
  };
}

/**
 * The fixture's decisions as an engine that plays `played` is given them: where it chooses captures itself
 * (CAP-AUTO) and the fixture's player chose them, each play names its card alone, so that the engine makes its
 * own capture with the same cards from the same deals, rather than every game ending at the first capture it
 * would not have chosen.
 */
function decisionsFor(played: Rules, written: Rules, rounds: readonly FixtureRound[]): FixtureRound[] {
  if (played.capture.chooser !== 'auto' || written.capture.chooser === 'auto') return [...rounds];
  return rounds.map((round) => ({ ...round, plays: round.plays.map((decision) => (isClaim(decision) ? decision : withoutCapture(decision))) }));
}

const withoutCapture = ({ capture: _named, ...play }: PlayDecision): PlayDecision => play;

/**
 * The options and rules the engine plays this game (a fixture, or a replay request) with, and the declarations that
 * make them differ from the game's, each as the profile writes it (`options.target: 11`,
 * `categories.primiera.ties: each`); or why it cannot play it.
 */
export function declaredSettings(
  fixture: Pick<Fixture, 'options' | 'players' | 'firstDealer'>,
  variant: ResolvedVariant,
  rules: Rules,
  declared: VariantProfile,
): { kind: 'settings'; options: Record<string, OptionValue>; rules: Rules; changes: string[] } | NotApplicable {
  const changes: string[] = [];
  const options = { ...fixture.options };
  for (const [name, support] of Object.entries(declared.options ?? {})) {
    const spec = variant.options.find((option) => option.name === name);
    if (spec === undefined) return notApplicable(`the profile names option ${name}, which ${variant.id} does not have`);
    const value = Object.hasOwn(options, name) ? (options[name] as OptionValue) : spec.default;
    if (supportsValue(support, value)) continue;
    const fixed = fixedValue<OptionValue>(support);
    const supported = `the engine supports ${name} ${describeSupport(support)}`;
    if (fixed === undefined) return notApplicable(supported, `${supported}, the fixture ${name}=${String(value)}`);
    options[name] = fixed;
    changes.push(`options.${name}: ${knobValue(fixed)}`);
  }
  let played = rules;
  if (changes.length > 0) {
    const applied = applyOptions(variant, options);
    if (!applied.ok) return notApplicable("the engine's fixed options cannot be used here", `the engine's fixed options cannot be used here: ${applied.error.message}`);
    played = applied.value;
  }

  if (declared.teamModes !== undefined) {
    const started = startGame(played, { players: fixture.players, firstDealer: fixture.firstDealer });
    const mode = started.ok ? started.value.seats.teamMode : undefined;
    if (mode !== undefined && !declared.teamModes.includes(mode)) {
      const fixed = fixedValue<string>(declared.teamModes);
      const plays = `the engine plays team modes ${declared.teamModes.join(', ')}`;
      if (fixed === undefined) return notApplicable(plays, `${plays}, the fixture ${mode}`);
      // A mode the variant's seating at this count does not list (four each alone where four play as partners) is
      // added to it: whether the game can be played so is then startGame's to say, as for any declared rule.
      const seatings = played.players.seatings.map((seating) =>
        seating.players.includes(fixture.players) && !seating.teamModes.includes(fixed) ? { ...seating, teamModes: [...seating.teamModes, fixed] } : seating,
      );
      played = mergePatch(played, { players: { teamMode: fixed, seatings } });
      changes.push(`teamModes: ${fixed}`);
    }
  }

  if (declared.rules !== undefined || declared.categories !== undefined || declared.redeals !== undefined) {
    const read = readAsDeclared(played, declared);
    const problem = checkRules(read);
    if (problem !== undefined) return notApplicable("the engine's declared rules contradict each other here", `the engine's declared rules contradict each other here: ${problem}`);
    changes.push(...declaredReadings(played, read, declared));
    played = read;
  }
  return { kind: 'settings', options, rules: played, changes };
}

/**
 * The declared readings that change `rules` into `read`, each as the profile writes it and only where it changes
 * something: `rules.sweep.lastPlay: true`, `categories.primiera.ties: each`, `categories.cappotto: none`,
 * `redeals.TABLE-REDRAW-TENS.maxDeals: 0`.
 */
function declaredReadings(rules: Rules, read: Rules, declared: VariantProfile): string[] {
  const patched = declared.rules === undefined ? rules : mergePatch(rules, declared.rules);
  const changes = rulesDifference(rules, patched, 'rules');
  const categories = patched.scoring.categories;
  const readById = new Map(read.scoring.categories.map((category) => [category.id, category]));
  for (const [key, declaration] of Object.entries(declared.categories ?? {})) {
    const reached = categories.filter((category) => category.kind === key || category.id === key);
    if (declaration === 'none') {
      if (reached.some((category) => !readById.has(category.id))) changes.push(`categories.${key}: none`);
    } else if (isWholeCategory(declaration)) {
      const before = categories.find((category) => category.id === key);
      if (before === undefined || !sameJson(before, readById.get(key))) changes.push(`categories.${key}: ${knobValue(declaration)}`);
    } else {
      // A knob is named where it gives one of the categories it reaches the value declared.
      for (const [knob, value] of Object.entries(declaration)) {
        const gives = reached.some((category) => !sameJson(knobOf(category, knob), value) && sameJson(knobOf(readById.get(category.id), knob), value));
        if (gives) changes.push(`categories.${key}.${knob}: ${knobValue(value)}`);
      }
    }
  }
  const conditions = patched.openingTable.redeal;
  for (const [rule, knobs] of Object.entries(declared.redeals ?? {})) {
    for (const [knob, value] of Object.entries(knobs)) {
      const gives = conditions.some((condition, i) => condition.rule === rule && !sameJson(knobOf(condition, knob), value) && sameJson(knobOf(read.openingTable.redeal[i], knob), value));
      if (gives) changes.push(`redeals.${rule}.${knob}: ${knobValue(value)}`);
    }
  }
  return changes;
}

const knobOf = (item: object | undefined, knob: string): unknown => (item as Record<string, unknown> | undefined)?.[knob];

/** The rules as the engine reads them: its `rules` merged in, then its category and redeal declarations. */
export function readAsDeclared(rules: Rules, declared: VariantProfile): Rules {
  const merged = declared.rules === undefined ? rules : mergePatch(rules, declared.rules);
  const { categories = {}, redeals = {} } = declared;
  return {
    ...merged,
    scoring: { ...merged.scoring, categories: categoriesAsDeclared(merged.scoring.categories, categories) },
    openingTable: {
      ...merged.openingTable,
      redeal: merged.openingTable.redeal.map((condition) => ({ ...condition, ...redeals[condition.rule] })),
    },
  };
}

/**
 * The categories as the engine reads them: one its id names whole is replaced by it; one its id or kind names
 * `none` is dropped; any other has its kind's knobs merged in, then its id's. A whole category of an id the list
 * does not have is added after the others.
 */
function categoriesAsDeclared(list: readonly Category[], declared: Readonly<Record<string, CategoryDeclaration>>): Category[] {
  const at = (key: string): CategoryDeclaration | undefined => (Object.hasOwn(declared, key) ? declared[key] : undefined);
  const knobs = (declaration: CategoryDeclaration | undefined): CategoryKnobs =>
    declaration === undefined || declaration === 'none' || isWholeCategory(declaration) ? {} : declaration;
  const read = list.flatMap((category): Category[] => {
    const [byId, byKind] = [at(category.id), at(category.kind)];
    if (byId !== undefined && isWholeCategory(byId)) return [{ ...byId, id: category.id }];
    if (byId === 'none' || byKind === 'none') return [];
    return [{ ...category, ...knobs(byKind), ...knobs(byId) }];
  });
  const added = Object.entries(declared).flatMap(([id, declaration]) =>
    isWholeCategory(declaration) && !list.some((category) => category.id === id) ? [{ ...declaration, id }] : [],
  );
  return [...read, ...added];
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
export function inputsPlayed(rounds: readonly FixtureRound[], events: readonly GameEvent[]): FixtureRound[] {
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
