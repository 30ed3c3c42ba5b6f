/**
 * An engine profile: what an engine declares about itself (spec/profile.schema.json). The variants it plays,
 * how it reads their rules, the settings it supports, and what it reports. Plain data, so that it travels to
 * worker threads and over the protocol (hello's `profile`).
 * @module
 */
import {
  type Category,
  EVENT_TYPES,
  type EventType,
  type OptionValue,
  type RedealCondition,
  type RedealRule,
  type RulesPatch,
} from '../../reference/index.ts';

export const REPORTING_LEVELS = ['events', 'plays-and-scores', 'totals'] as const;
export type ReportingLevel = (typeof REPORTING_LEVELS)[number];

/**
 * The event types an engine reports (absent: every type) and the fields (`type.field`) it leaves out of them: of
 * every event of the type, or of one category's awards (`award.primiera.counts`); `refusal.code` where it names
 * no refusal code.
 */
export interface ReportsSpec {
  events?: EventType[];
  omit?: string[];
}

export type OptionSupport = OptionValue[] | { min?: number; max?: number };

/** Knobs merged into every category of a kind or id. */
export type CategoryKnobs = Partial<Pick<Category, 'points' | 'ties' | 'threshold' | 'tieRanks' | 'copies' | 'incomplete' | 'combine' | 'winsGame' | 'upTo' | 'downTo' | 'alsoSuit'>>;

/**
 * How a profile declares the categories of a kind or id: knobs merged into each; `none`, every one dropped; or, with
 * a `kind`, the whole category of that id (replacing the variant's, or added after the others).
 */
export type CategoryDeclaration = CategoryKnobs | 'none' | Omit<Category, 'id'>;

/** Whether a category declaration is a whole category (it has a `kind`), not knobs. */
export const isWholeCategory = (declaration: CategoryDeclaration): declaration is Omit<Category, 'id'> =>
  typeof declaration === 'object' && Object.hasOwn(declaration, 'kind');

export interface VariantProfile {
  id: string;
  players?: number[];
  teamModes?: string[];
  options?: Record<string, OptionSupport>;
  rules?: RulesPatch;
  /** Per category kind or id, whatever the fixture's options made the list: knobs, `none`, or a whole category. */
  categories?: Record<string, CategoryDeclaration>;
  /** Knobs merged into the redeal condition of a rule, where the fixture's rules have it. */
  redeals?: Partial<Record<RedealRule, Partial<Omit<RedealCondition, 'rule'>>>>;
  reports?: ReportingLevel | ReportsSpec;
  /** The fields (`type.field`) the engine reports in no particular order: compared as multisets. */
  unordered?: string[];
}

export interface EngineProfile {
  engine?: { name: string; version?: string };
  reports?: ReportingLevel | ReportsSpec;
  unordered?: string[];
  variants: '*' | VariantProfile[];
}

/** The profile of an engine that declares nothing: any variant, as the fixture says, every event. */
export const PLAYS_EVERYTHING: EngineProfile = { variants: '*' };

/**
 * What is compared of an engine's events: the types it reports, and per type the fields it leaves out and those
 * it reports in no particular order.
 */
export interface Reporting {
  /** The level's name, or `custom` for an explicit list. */
  name: ReportingLevel | 'custom';
  types: ReadonlySet<EventType>;
  omitted: ReadonlyMap<EventType, ReadonlySet<string>>;
  unordered: ReadonlyMap<EventType, ReadonlySet<string>>;
}

const LEVELS: Record<ReportingLevel, ReportsSpec> = {
  events: { events: [...EVENT_TYPES] },
  'plays-and-scores': { events: ['capture', 'trail', 'claim', 'sweep', 'round-end', 'game-end'] },
  totals: { events: ['round-end', 'game-end'], omit: ['round-end.points', 'round-end.eliminated', 'game-end.reason', 'game-end.ranking'] },
};

/** The named levels, made once: every fixture of a run asks. */
const NAMED = new Map<ReportingLevel, Reporting>();

/** What is compared of an engine that reports `reports` and gives the `unordered` fields in no particular order. */
export function reportingOf(reports: ReportingLevel | ReportsSpec | undefined, unordered: readonly string[] = []): Reporting {
  const level = reports ?? 'events';
  if (typeof level === 'object' || unordered.length > 0) return makeReporting(level, unordered);
  const known = NAMED.get(level);
  if (known !== undefined) return known;
  const made = makeReporting(level, unordered);
  NAMED.set(level, made);
  return made;
}

/** `type.field` entries, by type. */
function fieldsByType(entries: readonly string[]): Map<EventType, Set<string>> {
  const byType = new Map<EventType, Set<string>>();
  for (const entry of entries) {
    const dot = entry.indexOf('.');
    const type = entry.slice(0, dot) as EventType;
    const fields = byType.get(type) ?? new Set<string>();
    fields.add(entry.slice(dot + 1));
    byType.set(type, fields);
  }
  return byType;
}

function makeReporting(reports: ReportingLevel | ReportsSpec, unordered: readonly string[]): Reporting {
  const name = typeof reports === 'string' ? reports : 'custom';
  const spec = typeof reports === 'object' ? reports : LEVELS[name as ReportingLevel];
  return { name, types: new Set(spec.events ?? EVENT_TYPES), omitted: fieldsByType(spec.omit ?? []), unordered: fieldsByType(unordered) };
}

/** What the engine reports of a variant's games, by that variant's declaration: its own `reports` and `unordered`, else the profile's. */
export const reportingFor = (profile: EngineProfile, declared: VariantProfile | undefined): Reporting =>
  reportingOf(declared?.reports ?? profile.reports, declared?.unordered ?? profile.unordered);

/** Everything: what the fixtures' expectations are written for. */
export const FULL_REPORTING: Reporting = reportingOf('events');

/** Whether every field of every event is compared, each list in order. */
export const isFullReporting = (reporting: Reporting): boolean =>
  reporting.types.size === EVENT_TYPES.length && reporting.omitted.size === 0 && reporting.unordered.size === 0;

/**
 * Whether events of this type are compared: a type the engine reports, or one the protocol does not have (an
 * extra event, never taken out with what the engine does not report).
 */
export const isCompared = (reporting: Reporting, type: string): boolean =>
  !isEventType(type) || reporting.types.has(type);

const isEventType = (type: string): type is EventType => (EVENT_TYPES as readonly string[]).includes(type);

/** Whether the engine reports this field of this event type. */
export const reportsField = (reporting: Reporting, type: EventType, field: string): boolean =>
  reporting.types.has(type) && reporting.omitted.get(type)?.has(field) !== true;

/**
 * Whether the engine reports this field of this event: not where it leaves the field out of every event of the type,
 * nor, for an award, out of that category's (`award.primiera.counts`).
 */
export const reportsFieldOf = (reporting: Reporting, event: { type: EventType; category?: string }, field: string): boolean =>
  reportsField(reporting, event.type, field) && (event.category === undefined || reporting.omitted.get(event.type)?.has(`${event.category}.${field}`) !== true);

/** Whether the engine names the code of a refusal; one that does not (`omit: [refusal.code]`) is judged by where it refuses only. */
export const namesRefusalCodes = (reporting: Reporting): boolean => reporting.omitted.get(REFUSAL)?.has('code') !== true;

/** `refusal.code` in `omit` is filed under this key, beside the event types. */
const REFUSAL = 'refusal' as EventType;

/** `type.field` entries, again. */
const entriesOf = (byType: ReadonlyMap<EventType, ReadonlySet<string>>): string[] =>
  [...byType].flatMap(([type, fields]) => [...fields].map((field) => `${type}.${field}`));

/** In words, for reports: `events`, or the level's name with what it leaves out; and what comes in no particular order. */
export function describeReporting(reporting: Reporting): string {
  const unordered = entriesOf(reporting.unordered);
  const inAnyOrder = unordered.length === 0 ? '' : `; ${unordered.join(', ')} in any order`;
  if (reporting.name !== 'custom') return `${reporting.name}${inAnyOrder}`;
  const omitted = entriesOf(reporting.omitted);
  const types = reporting.types.size === 0 ? 'no event' : [...reporting.types].join(', ');
  return `${types}${omitted.length === 0 ? '' : ` without ${omitted.join(', ')}`}${inAnyOrder}`;
}

/** The declaration of one variant, or undefined if the profile says the engine does not play it. */
export function variantProfileOf(profile: EngineProfile, variant: string): VariantProfile | undefined {
  if (profile.variants === '*') return { id: variant };
  return profile.variants.find((entry) => entry.id === variant);
}

/** Whether a value is among those an option declaration supports. */
export function supportsValue(support: OptionSupport, value: OptionValue): boolean {
  if (Array.isArray(support)) return support.includes(value);
  return typeof value === 'number' && (support.min === undefined || value >= support.min) && (support.max === undefined || value <= support.max);
}

/** The one value of a fixed setting (a list of exactly one), or undefined. */
export const fixedValue = <T>(values: readonly T[] | object | undefined): T | undefined =>
  Array.isArray(values) && values.length === 1 ? (values[0] as T) : undefined;
