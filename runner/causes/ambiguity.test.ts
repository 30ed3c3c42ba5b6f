import { beforeAll, describe, expect, test } from 'vitest';
import type { ResolvedVariant } from '../../reference/index.ts';
import { loadVariantRegistry } from '../load/variants.ts';
import type { EngineProfile } from '../profile/profile.ts';
import { parseRegister } from '../util/register.ts';
import { ambiguitiesOf, undocumentedDeclarations } from './ambiguity.ts';

describe('ambiguitiesOf', () => {
  test("the register's entries of the catalog's readings", () => {
    expect(ambiguitiesOf('openingTable.bonus.thirty', 'none', 'TABLE-BONUS-FIFTEEN')).toEqual(['AMB-09']);
    expect(ambiguitiesOf('remainder.whenNobodyCaptured', 'first-player', 'SWEEP-REMAINDER')).toEqual(['AMB-19']);
    expect(ambiguitiesOf('end.exactTie', 'draw', 'END-EXACT-TIE')).toEqual(['AMB-31']);
    expect(ambiguitiesOf('end.rankTies', 'tie-breaks', 'END-RANKING')).toEqual(['AMB-64']);
    expect(ambiguitiesOf('sweep.lastPlay', true, 'SWEEP-LAST-PLAY')).toContain('AMB-17');
    expect(ambiguitiesOf('capture.sums', 'fewest-cards', 'CAP-CHOICE')).toContain('AMB-12');
    expect(ambiguitiesOf('categories.coins.ties', 'each', 'SCORE-TIES')).toEqual(['AMB-20']);
  });

  const register = parseRegister(`## Dealing

### AMB-01: Who deals
**Readings.**
- The dealer: A. Knob: \`deal.firstDealer: setup\`.
- A value alone: B. Knob: \`first-player\`.

**Rules.** DEAL-DEALER.

### AMB-02: Where the remainder goes
**Readings.**
- The first player: C. Knob: \`first-player\`.
- Another knob: D. Knob: \`deal.rotation: backward\`.

**Rules.** SWEEP-REMAINDER.

### AMB-03: Anything about remainders
**Readings.**
- Something: E. Reason: no knob.

**Rules.** SWEEP-REMAINDER.
`);

  test('a knob named with its value, its path written in full or its last part, in an entry of its rule', () => {
    expect(ambiguitiesOf('deal.firstDealer', 'setup', 'DEAL-DEALER', register)).toEqual(['AMB-01']);
    expect(ambiguitiesOf('deal.rotation', 'backward', 'SWEEP-REMAINDER', register)).toEqual(['AMB-02']);
    // Named in an entry of another rule only: every entry of its own rule; where its rule has none, the entry that names it.
    expect(ambiguitiesOf('deal.firstDealer', 'setup', 'SWEEP-REMAINDER', register)).toEqual(['AMB-02', 'AMB-03']);
    expect(ambiguitiesOf('deal.firstDealer', 'setup', 'DEAL-PROCEDURE', register)).toEqual(['AMB-01']);
  });

  test('a value named alone is the reading of the entries of its rule only', () => {
    expect(ambiguitiesOf('remainder.whenNobodyCaptured', 'first-player', 'SWEEP-REMAINDER', register)).toEqual(['AMB-02']);
    expect(ambiguitiesOf('deal.startSeat', 'first-player', 'DEAL-PROCEDURE', register)).toEqual([]);
    expect(ambiguitiesOf('deal.startSeat', 'first-player', 'DEAL-DEALER', register)).toEqual(['AMB-01']);
  });

  test('a knob no entry names: the entries of its rule; of no rule, none', () => {
    expect(ambiguitiesOf('remainder.whenNobodyCaptured', 'dealer', 'SWEEP-REMAINDER', register)).toEqual(['AMB-02', 'AMB-03']);
    expect(ambiguitiesOf('options.captureHints', true, null, register)).toEqual([]);
  });
});

describe('declarations no source documents', () => {
  let variants: ReadonlyMap<string, ResolvedVariant>;
  beforeAll(async () => {
    const loaded = await loadVariantRegistry();
    if (!loaded.ok) throw new Error('the variants do not load');
    variants = loaded.value;
  });

  test('a knob value no reading of the register names is listed, as variant knob: value; documented readings and host options are not', () => {
    const profile = {
      variants: [
        {
          id: 'pagat',
          rules: { sweep: { lastPlay: true }, capture: { rankPriority: false }, openingTable: { redeal: [], bonus: { enabled: true } } },
          categories: { primiera: { ties: 'each' as const }, settebello: { copies: 'most' as const } },
          options: { target: [11] },
        },
      ],
    };
    expect(undocumentedDeclarations(profile, variants)).toEqual(['pagat openingTable.bonus.enabled: true', 'pagat categories.settebello.copies: most']);
    expect(undocumentedDeclarations({ variants: '*' }, variants)).toEqual([]);
    expect(undocumentedDeclarations({ variants: [{ id: 'pagat' }] }, variants)).toEqual([]);
  });

  test('a category dropped or given whole is one declaration, as the profile writes it', () => {
    const profile = { variants: [{ id: 'cirulla', categories: { cappotto: 'none' as const, extra: { kind: 'most-sevens' as const, points: 1, ties: 'nobody' as const } } }] };
    expect(undocumentedDeclarations(profile, variants)).toEqual(['cirulla categories.cappotto: none', 'cirulla categories.extra: {"kind":"most-sevens","points":1,"ties":"nobody"}']);
  });

  test("a knob at the variant's own value, at its defaults or in an option's case, is documented by the variant", () => {
    const own: EngineProfile = {
      variants: [
        {
          id: 'pagat',
          rules: { openingTable: { bonus: { enabled: false } } },
          categories: { settebello: { points: 1 }, card: { ties: 'nobody' } },
        },
        { id: 'cirulla', categories: { grande: { kind: 'grande', points: 5 }, cappotto: { winsGame: true } } },
      ],
    };
    expect(undocumentedDeclarations(own, variants)).toEqual([]);
    const other: EngineProfile = { variants: [{ id: 'pagat', categories: { settebello: { points: 2 } } }, { id: 'cirulla', categories: { grande: { kind: 'grande', points: 4 } } }] };
    expect(undocumentedDeclarations(other, variants)).toEqual(['pagat categories.settebello.points: 2', 'cirulla categories.grande: {"kind":"grande","points":4}']);
  });
});
