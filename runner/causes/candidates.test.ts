import { describe, expect, test } from 'vitest';
import { applyOptions, checkRules } from '../../reference/index.ts';
import { readAsDeclared } from '../profile/plan.ts';
import { resolvedVariant } from '../test-helpers.ts';
import { commentRules, resolvedNode, type SchemaNode, variantSchemaDefs } from '../util/variant-schema.ts';
import { type Candidate, candidatesOf } from './candidates.ts';
import { withReading } from './declare.ts';

const pagat = resolvedVariant('pagat');
const playpalace = resolvedVariant('playpalace');

const tried = (candidates: readonly Candidate[]): string[] => candidates.map((candidate) => `${candidate.knob}=${String(candidate.value)}`);

describe('the readings tried for a variant', () => {
  test('every other value of every enumerated or yes-or-no knob of the rules, each with the rule of its $comment', () => {
    const candidates = candidatesOf(pagat, { id: 'pagat' }, []);
    expect(tried(candidates)).toEqual(
      expect.arrayContaining(['sweep.lastPlay=true', 'remainder.whenNobodyCaptured=first-player', 'remainder.whenNobodyCaptured=dealer', 'openingTable.bonus.thirty=none', 'end.exactTie=draw', 'end.rankTies=tie-breaks', 'capture.sums=fewest-cards', 'scoring.poolTeamCards=false']),
    );
    // pagat's own values are not tried, nor the knobs of what is dealt and who sits.
    expect(tried(candidates)).not.toContain('sweep.lastPlay=false');
    expect(candidates.some((candidate) => /^(deck|players)\./.test(candidate.knob))).toBe(false);
    expect(candidates.find((candidate) => candidate.knob === 'remainder.whenNobodyCaptured')).toMatchObject({
      variant: 'pagat',
      rule: 'SWEEP-REMAINDER',
      declaration: { rules: { remainder: { whenNobodyCaptured: 'dealer' } } },
    });
  });

  test('the knob vocabulary is the schema: each enum value of a rules knob is tried, unless declaring it alone contradicts the variant', () => {
    const defs = variantSchemaDefs();
    const knobs = ['deal', 'capture', 'sweep', 'remainder', 'end'].flatMap((group) =>
      Object.entries(resolvedNode(defs.rulesPatch?.properties?.[group] as SchemaNode).properties ?? {}).flatMap(([key, node]) =>
        (resolvedNode(node).enum ?? []).map((value) => ({ group, key, value, rule: commentRules(node)[0] })),
      ),
    );
    expect(knobs.length).toBeGreaterThan(20);
    for (const id of ['pagat', 'escoba', 'playpalace']) {
      const variant = resolvedVariant(id);
      const candidates = candidatesOf(variant, { id }, []);
      const defaults = applyOptions(variant);
      if (!defaults.ok) throw new Error(defaults.error.message);
      for (const { group, key, value, rule } of knobs) {
        if ((defaults.value as unknown as Record<string, Record<string, unknown>>)[group]?.[key] === value) continue;
        const found = candidates.find((candidate) => candidate.knob === `${group}.${key}` && candidate.value === value);
        const contradiction = checkRules(readAsDeclared(defaults.value, { id, rules: { [group]: { [key]: value } } }));
        expect(found === undefined, `${id} ${group}.${key}=${value}`).toBe(contradiction !== undefined);
        if (found !== undefined) expect(found.rule, `${id} ${group}.${key}=${value}`).toBe(rule);
      }
    }
  });

  test('a reading whose rules contradict the variant once declared is not tried', () => {
    // PlayPalace captures automatically: a capture that is not compulsory, or of the fewest cards, cannot be declared.
    const candidates = candidatesOf(playpalace, { id: 'playpalace' }, []);
    expect(tried(candidates)).not.toContain('capture.compulsion=none');
    expect(tried(candidates)).not.toContain('capture.sums=fewest-cards');
    const defaults = applyOptions(playpalace);
    if (!defaults.ok) throw new Error(defaults.error.message);
    for (const candidate of candidates.filter((each) => each.declaration.options === undefined)) {
      expect(checkRules(readAsDeclared(defaults.value, withReading({ id: 'playpalace' }, candidate.declaration))), candidate.knob).toBeUndefined();
    }
  });

  test("each category's knobs by its id, with SCORE-TIES for ties; no limit to a limited redeal", () => {
    const candidates = candidatesOf(playpalace, { id: 'playpalace' }, []);
    expect(candidates.find((candidate) => candidate.knob === 'categories.cards.ties')).toMatchObject({ value: 'each', rule: 'SCORE-TIES', declaration: { categories: { cards: { ties: 'each' } } } });
    expect(candidates.find((candidate) => candidate.knob === 'redeals.TABLE-REDRAW-TENS.maxDeals')).toMatchObject({
      value: 0,
      rule: 'TABLE-REDRAW-TENS',
      declaration: { redeals: { 'TABLE-REDRAW-TENS': { maxDeals: 0 } } },
    });
    const primiera = candidatesOf(pagat, { id: 'pagat' }, []).filter((candidate) => candidate.knob === 'categories.primiera.incomplete');
    expect(primiera.map((candidate) => [candidate.value, candidate.rule])).toEqual([
      ['void', 'SCORE-PRIMIERA'],
      ['counts-zero', 'SCORE-PRIMIERA'],
    ]);
  });

  test('a category the option values of the games judged bring in is tried too', () => {
    const withEscoba = tried(candidatesOf(playpalace, { id: 'playpalace' }, [{ escoba: true }]));
    const without = tried(candidatesOf(playpalace, { id: 'playpalace' }, []));
    expect(withEscoba.length).toBeGreaterThanOrEqual(without.length);
  });

  test('each value of each host option, fixed: an integer option at its default, bounds and the values the games play', () => {
    const targets = candidatesOf(pagat, { id: 'pagat' }, [{ target: 16 }, {}]).filter((candidate) => candidate.knob === 'options.target');
    expect(targets.map((candidate) => candidate.value)).toEqual([1, 11, 16, 41]);
    expect(targets[0]).toMatchObject({ rule: 'END-TARGET', declaration: { options: { target: [1] } } });
    // A value the engine's profile already fixes is not tried again.
    expect(candidatesOf(pagat, { id: 'pagat', options: { target: [11] } }, []).filter((candidate) => candidate.knob === 'options.target').map((candidate) => candidate.value)).toEqual([1, 41]);
    const mechanic = candidatesOf(playpalace, { id: 'playpalace' }, []).filter((candidate) => candidate.knob === 'options.scopaMechanic');
    expect(mechanic.map((candidate) => candidate.value)).toEqual(['normal', 'no-scopas', 'only-scopas']);
  });

  test('the readings tried start from what the engine declares', () => {
    const declared = candidatesOf(pagat, { id: 'pagat', rules: { sweep: { lastPlay: true } } }, []);
    expect(tried(declared)).toContain('sweep.lastPlay=false');
    expect(tried(declared)).not.toContain('sweep.lastPlay=true');
  });
});

test("a reading's category knobs join a whole category declared, and a dropped category stays dropped only if the reading says nothing of it", () => {
  const declared = { id: 'cirulla', categories: { cappotto: 'none' as const, grande: { kind: 'grande' as const, points: 5 } } };
  expect(withReading(declared, { categories: { grande: { downTo: 7 } } }).categories).toEqual({ cappotto: 'none', grande: { kind: 'grande', points: 5, downTo: 7 } });
  expect(withReading(declared, { categories: { cappotto: { winsGame: false } } }).categories).toEqual({ cappotto: { winsGame: false }, grande: { kind: 'grande', points: 5 } });
});
