import { expect, test } from 'vitest';
import { formatCard, parseCard } from './cards.ts';

test('every card reads back from its notation', () => {
  for (let code = 0; code < 40; code++) expect(parseCard(formatCard(code))).toBe(code);
  expect(['1D', '10D', '1H', '7S', '10C'].map(parseCard)).toEqual([0, 9, 10, 26, 39]);
});

test.each([':D', ';H', '0D', '07D', '11D', '100D', '7d', '7X', '10', 'D7', '1', '', '10DD', ' 7D', '7D ', '1OD', '\u0131D', '7\u00c4'])(
  '%j is no card',
  (text) => expect(parseCard(text)).toBe(-1),
);

test.each([7, null, undefined, {}, ['7D']])('%j, not a string, is no card', (value) => expect(parseCard(value as never)).toBe(-1));
