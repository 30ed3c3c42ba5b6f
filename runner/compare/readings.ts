/**
 * The readings an engine's profile declares, in the vocabulary of `diagnose`: each knob of a declared variant that
 * the profile sets to another value than the variant's own (a rules knob, a category's, a redeal's limit, an option
 * fixed), with its rule and the entries of the ambiguity register (spec/ambiguities.md) that reading is. Then the
 * census: for each entry of the register some engine takes a reading of, which engines take which; and each engine's
 * declarations that no source documents.
 * @module
 */
import { applyOptions, type OptionValue, type ResolvedVariant } from '../../reference/index.ts';
import { ambiguitiesOf, isDocumented } from '../causes/ambiguity.ts';
import { candidatesOf } from '../causes/candidates.ts';
import { knobAt } from '../causes/knobs-read.ts';
import { readAsDeclared } from '../profile/plan.ts';
import { type EngineProfile, fixedValue, type VariantProfile } from '../profile/profile.ts';
import { readRegister } from '../util/register.ts';

export interface DeclaredReading {
  variant: string;
  /** As diagnose names it: a rules path (`sweep.lastPlay`), `categories.<id>.<knob>`, `redeals.<rule>.maxDeals` or `options.<name>`. */
  knob: string;
  value: OptionValue;
  /** The rule the knob decides; null for an option that sets no knob. */
  rule: string | null;
  /** The register's entries this reading is, by id. */
  ambiguity: string[];
  /** Whether a reading of the register names this knob at this value (an option's fixed value always counts). */
  documented: boolean;
}

/** The value a declaration gives one of diagnose's knobs, over a variant's default rules. */
function declaredValue(variant: ResolvedVariant, declared: VariantProfile, knob: string): unknown {
  const [group = '', name = '', key = ''] = knob.split('.');
  if (group === 'options') return fixedValue(declared.options?.[name]);
  const defaults = applyOptions(variant, {});
  if (!defaults.ok) return undefined;
  const read = readAsDeclared(defaults.value, declared);
  if (group === 'categories') return read.scoring.categories.find((category) => category.id === name)?.[key as keyof (typeof read.scoring.categories)[number]];
  if (group === 'redeals') return read.openingTable.redeal.find((condition) => condition.rule === name)?.[key as 'maxDeals'];
  return knobAt(read, knob);
}

/** The readings a profile declares, variant by variant in its order; none for a profile of every variant as written. */
export function declaredReadings(profile: EngineProfile | undefined, variants: ReadonlyMap<string, ResolvedVariant>): DeclaredReading[] {
  if (profile === undefined || profile.variants === '*') return [];
  return profile.variants.flatMap((declared) => {
    const variant = variants.get(declared.id);
    if (variant === undefined) return [];
    return candidatesOf(variant, { id: variant.id }, [])
      .filter((candidate) => declaredValue(variant, declared, candidate.knob) === candidate.value)
      .map(({ knob, value, rule }) => ({
        variant: variant.id,
        knob,
        value,
        rule,
        ambiguity: ambiguitiesOf(knob, value, rule),
        documented: knob.startsWith('options.') || isDocumented(knob, value, rule),
      }));
  });
}

/** One entry of the register, and the readings of it each engine declares (engines that declare none are left out). */
export interface CensusEntry {
  ambiguity: string;
  title: string;
  engines: { engine: string; readings: Omit<DeclaredReading, 'ambiguity' | 'documented'>[] }[];
}

export interface Census {
  /** The entries some engine declares a reading of, in the register's order. */
  entries: CensusEntry[];
  /** Each engine's declarations that no source documents (its run's `undocumented`): its results hold only under them. */
  undocumented: { engine: string; declarations: string[] }[];
  /** How many entries the register holds: the others are read as each variant reads them by every engine. */
  registerSize: number;
}

/** The census of the engines' declared readings and undocumented declarations, engines in the order given. */
export function censusOf(engines: readonly { name: string; readings: readonly DeclaredReading[]; undocumented?: readonly string[] }[]): Census {
  const register = readRegister();
  const plain = ({ variant, knob, value, rule }: DeclaredReading): Omit<DeclaredReading, 'ambiguity' | 'documented'> => ({ variant, knob, value, rule });
  const entries = register.flatMap((entry): CensusEntry[] => {
    const taking = engines.flatMap(({ name, readings }) => {
      const of = readings.filter((reading) => reading.documented && reading.ambiguity.includes(entry.id));
      return of.length === 0 ? [] : [{ engine: name, readings: of.map(plain) }];
    });
    return taking.length === 0 ? [] : [{ ambiguity: entry.id, title: entry.title, engines: taking }];
  });
  const undocumented = engines.flatMap(({ name, undocumented: declarations = [] }) => (declarations.length === 0 ? [] : [{ engine: name, declarations: [...declarations] }]));
  return { entries, undocumented, registerSize: register.length };
}
