/**
 * Known bugs: the bugs of the catalog (runner/mutants/catalog.ts) that no source documents as a reading, each with
 * its name, the rule it breaks, a sentence a player understands, and the change that makes the reference play it.
 * `diagnose` names an engine's bug by one of them ("behaves like: ..."); `run --known-bugs` judges an engine against
 * the reference playing those listed, so that a team fixes one bug at a time and sees the next.
 * @module
 */
import type { RuleId } from '../../reference/index.ts';
import { MUTANTS } from '../mutants/catalog.ts';
import type { KnownBugs } from '../profile/plan.ts';
import { referenceWith, type SourceChange } from './patched-reference.ts';

export interface KnownBug extends SourceChange {
  /** What the engine does wrong, as a player would say it. */
  bug: string;
  rule: RuleId;
}

export const KNOWN_BUGS: readonly KnownBug[] = MUTANTS.filter((mutant) => mutant.reading === undefined).map(({ name, bug, rule, file, find, replace, also }) => ({
  name,
  bug,
  rule,
  file,
  find,
  replace,
  ...(also === undefined ? {} : { also }),
}));

/** The known bug of this name, if there is one. */
export const knownBug = (name: string): KnownBug | undefined => KNOWN_BUGS.find((bug) => bug.name === name);

/** The known bugs of these names with the reference that plays them, as a plan takes them; undefined for none. */
export async function knownBugsNamed(names: readonly string[]): Promise<KnownBugs | undefined> {
  if (names.length === 0) return undefined;
  const bugs = names.map((name) => {
    const bug = knownBug(name);
    if (bug === undefined) throw new Error(`no known bug is named "${name}"`);
    return bug;
  });
  return { names, reference: await referenceWith(bugs) };
}
