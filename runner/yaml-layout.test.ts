import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { blockYaml, flowYaml } from './yaml-layout.ts';

describe('blockYaml', () => {
  test('maps in blocks; maps and lists of values on one line', () => {
    const text = blockYaml(
      {
        expect: {
          events: { match: 'all', list: [{ type: 'deal', hands: [['7D', '10C'], ['1S']], table: [] }] },
          rounds: [{ round: 1, awards: { cards: { counts: [25, 15], points: [1, 0] } }, points: [3, 0] }],
          result: { winner: null },
        },
      },
      ['a comment'],
    );
    expect(text).toBe(
      [
        '# a comment',
        'expect:',
        '  events:',
        '    match: all',
        '    list:',
        '      - { type: deal, hands: [[7D, 10C], [1S]], table: [] }',
        '  rounds:',
        '    - round: 1',
        '      awards:',
        '        cards: { counts: [25, 15], points: [1, 0] }',
        '      points: [3, 0]',
        '  result: { winner: null }',
        '',
      ].join('\n'),
    );
  });

  test.each([
    ['words YAML reads otherwise', { a: ['true', 'no', 'null', '~', '1', '1.5', '', ' x'] }],
    ['punctuation', { message: 'a: b, [c] {d} # e', at: 'file.yaml:19:9', dash: '-x' }],
    ['cards, codes and ids', { cards: ['7D', '10S'], code: 'MUST_CAPTURE', id: 'seven-of-diamonds' }],
    ['lists of maps of lists', { rounds: [{ plays: [{ card: '7D', capture: ['3D'] }], decks: [['1D']] }] }],
    ['empty things', { list: [], map: {}, nested: { inner: [] } }],
    ['numbers, booleans and null', { n: [0, -3, 2.5], b: [true, false], z: null }],
  ])('%s read back as written', (_, data) => {
    expect(parse(blockYaml(data))).toEqual(data);
  });

  test('flowYaml writes one value on one line', () => {
    expect(flowYaml({ type: 'trail', seat: 0, card: '7D' })).toBe('{ type: trail, seat: 0, card: 7D }');
    expect(flowYaml({ skip: undefined, keep: 1 })).toBe('{ keep: 1 }');
  });
});
