import { expect, test } from 'vitest';
import { fullDeck } from './cards.ts';
import { playScript, variantRules } from './test-helpers.ts';

test('clone copies every field of a game in progress, and shares no array with the original', () => {
  const { state } = playScript(variantRules('playpalace'), { players: 3 }, [fullDeck(1)], [{ card: '5D' }, { card: '8D' }]);
  state.rounds.push({ round: 0, dealer: 0, awards: [], points: [], totals: [], eliminated: [] });
  const copy = state.clone();
  expect(copy).toEqual(state);
  for (const [key, value] of Object.entries(state)) {
    if (ArrayBuffer.isView(value) || Array.isArray(value)) expect(copy[key as keyof typeof copy], key).not.toBe(value);
  }
});
