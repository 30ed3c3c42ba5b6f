/** JSON from another program, read strictly: a key given twice, nesting too deep, a number not read as written. */
import { expect, test } from 'vitest';
import { parseJsonStrictly } from './json-text.ts';

test.each<[string, string]>([
  ['{"a": 1, "a": 2}', '1:10: the key "a" is given twice in one object'],
  [`${'['.repeat(101)}${']'.repeat(101)}`, '1:101: nested more than 100 deep'],
  ['{"t": 4.99999999999999999}', '1:7: the number 4.99999999999999999 has more significant digits than the runner can read exactly'],
  ['[1.0000000000000001]', '1:2: the number 1.0000000000000001 has more significant digits than the runner can read exactly'],
  ['{"seat": 1e-400}', '1:10: the number 1e-400 is too small or too large to be read as written'],
  ['[-1E400]', '1:2: the number -1E400 is too small or too large to be read as written'],
])('%s is refused, where it is', (text, problem) => {
  const parsed = parseJsonStrictly(text);
  expect(parsed.ok ? 'accepted' : `${parsed.position.line}:${parsed.position.col}: ${parsed.message}`).toBe(problem);
});

test('what is read as written passes: fractions, exponents, a float that is whole, digits in strings', () => {
  expect(parseJsonStrictly('{"a": 5.0, "b": 0.1, "c": 1e3, "d": 12345678901234.5, "e": "4.99999999999999999", "f": "\\"1e-400"}')).toEqual({
    ok: true,
    value: { a: 5, b: 0.1, c: 1000, d: 12345678901234.5, e: '4.99999999999999999', f: '"1e-400' },
  });
  expect(parseJsonStrictly('[9007199254740991, -0, 0.0]')).toEqual({ ok: true, value: [9007199254740991, -0, 0] });
});
