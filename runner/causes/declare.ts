/**
 * Readings declared: a variant's declaration in an engine profile with readings merged into it, and the profile
 * `diagnose --write-profile` writes (the base profile with the readings found), as YAML that `run --profile` reads.
 * @module
 */
import { stringify } from 'yaml';
import { mergePatch } from '../../reference/index.ts';
import type { EngineProfile, VariantProfile } from '../profile/profile.ts';

/** What a reading adds to a variant's declaration: rules, category or redeal knobs, or a fixed option value. */
export type Declaration = Omit<VariantProfile, 'id'>;

/** Knobs join those declared (a whole category's too); a category's `none`, or a whole category, replaces what was declared. */
const mergedRecords = <T extends object | string>(base: Record<string, T> | undefined, more: Record<string, T> | undefined): Record<string, T> | undefined => {
  if (more === undefined) return base;
  const merged: Record<string, T> = { ...base };
  for (const [key, value] of Object.entries(more)) {
    const before = merged[key];
    merged[key] = typeof before === 'object' && typeof value === 'object' && !Object.hasOwn(value, 'kind') ? ({ ...before, ...value } as T) : value;
  }
  return merged;
};

/** `declared` with a reading merged in: its rules patch over the declared one, its category, redeal and option knobs beside theirs. */
export function withReading(declared: VariantProfile, reading: Declaration): VariantProfile {
  const rules = reading.rules === undefined ? declared.rules : mergePatch(declared.rules ?? {}, reading.rules);
  const categories = mergedRecords(declared.categories, reading.categories);
  const redeals = mergedRecords(declared.redeals, reading.redeals);
  const options = reading.options === undefined ? declared.options : { ...declared.options, ...reading.options };
  return {
    ...declared,
    ...(rules === undefined ? {} : { rules }),
    ...(categories === undefined ? {} : { categories }),
    ...(redeals === undefined ? {} : { redeals }),
    ...(options === undefined ? {} : { options }),
  };
}

/** The profile with each variant's readings declared; `profile.variants` lists every variant the readings name. */
export function profileWithReadings(profile: EngineProfile & { variants: VariantProfile[] }, readings: readonly { variant: string; declaration: Declaration }[]): EngineProfile & { variants: VariantProfile[] } {
  return {
    ...profile,
    variants: profile.variants.map((declared) =>
      readings.filter((reading) => reading.variant === declared.id).reduce((sum, reading) => withReading(sum, reading.declaration), declared),
    ),
  };
}

/** The profile as YAML, under its schema line (`schema`, see schemaReference) and a comment that says where it comes from. */
export function profileYaml(profile: EngineProfile, schema: string, comment: readonly string[]): string {
  return `${[`# yaml-language-server: $schema=${schema}`, ...comment.map((line) => `# ${line}`)].join('\n')}\n${stringify(profile)}`;
}
