import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { resolvedVariant, VARIANT_IDS } from '../../reference/test-helpers.ts';
import type { VariantSource } from '../../reference/types.ts';
import { resolveVariant } from '../../reference/variant.ts';
import { runCli } from '../cli/cli-harness.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import { VARIANTS_DIR } from '../util/repo-paths.ts';
import { variantTemplate } from '../tools/variant-template.ts';

const run = (...argv: string[]) => runCli(argv);

/** The template with every knob line uncommented, as a designer who changes them all would leave it. */
const uncommented = (text: string): string => text.replace(/^# (rules:|  )/gm, '$1');

const sourceOf = (id: string): VariantSource => parse(readFileSync(join(VARIANTS_DIR, `${id}.yaml`), 'utf8')) as VariantSource;

describe('the new variant file', () => {
  test.each(VARIANT_IDS)('from %s: valid as written, and with every knob uncommented it plays exactly as its parent', (parent) => {
    const text = variantTemplate('house', resolvedVariant(parent));
    for (const written of [text, uncommented(text)]) {
      const source = parse(written) as VariantSource;
      expect(checkAgainstSchema('variant', source)).toEqual([]);
      expect(source.extends).toBe(parent);
      const resolved = resolveVariant('house', (id) => (id === 'house' ? source : sourceOf(id)));
      expect(resolved.ok && resolved.value.rules).toEqual(resolvedVariant(parent).rules);
    }
    expect(uncommented(text)).not.toBe(text);
  });

  test('each knob is written at the parent value under its rule ids, meaning and allowed values', () => {
    const text = variantTemplate('house', resolvedVariant('escoba'));
    expect(text).toMatch(/^# yaml-language-server: \$schema=\.\.\/spec\/variant\.schema\.json$/m);
    expect(text).toMatch(/^id: house\nextends: escoba|^extends: escoba$/m);
    expect(text).toContain('#     # CAP-COMPULSION: Whether capturing is compulsory: never, when the played card can capture, or whenever any card in hand can. Values: none, played-card, any-card.\n#     compulsion: none\n');
    expect(text).toContain('#     # END-TARGET: Points that end the game. Values: 1 to 200.\n#     target: 21\n');
    expect(text).toContain('#       - { id: escobas, kind: sweeps }\n');
    expect(text).toContain('# Host options inherited from escoba: target, tableClaim;');
  });
});

describe('new on the command line', () => {
  test('writes the file, never over one that exists, and names the next commands', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'new-variant-'));
    copyFileSync(join(VARIANTS_DIR, 'pagat.yaml'), join(dir, 'pagat.yaml'));
    const out = join(dir, 'house.yaml');
    const first = await run('new', 'house', '--extends', 'pagat', '--out', out);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`wrote ${out}: extends pagat`);
    for (const next of [`validate ${out}`, 'explain house', 'selfplay --variant house', 'generate --variant house --seed 1 --count 50', 'score fixtures/house/gen-s1.yaml']) {
      expect(first.stdout).toContain(`npx scopa-conformance ${next}`);
    }
    expect(readFileSync(out, 'utf8')).toBe(variantTemplate('house', resolvedVariant('pagat')));
    const validated = await run('validate', out);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain(`ok ${out}\n`);
    expect((await run('explain', 'house', '--dir', dir)).stdout).toMatch(/^# Scopa \(pagat\.com\), with primiera, house rules\n/);

    writeFileSync(out, 'edited\n');
    expect(await run('new', 'house', '--extends', 'pagat', '--out', out)).toEqual({ code: 2, stdout: '', stderr: `${out}: error: exists; not overwritten\n` });
    expect(readFileSync(out, 'utf8')).toBe('edited\n');
  });

  test('a variant that seats no two players gets its first player count in the next commands', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'new-variant-')), 'four.yaml');
    const { code, stdout } = await run('new', 'four', '--extends', 'scopone-classico', '--out', out);
    expect(code).toBe(0);
    expect(stdout).toContain('selfplay --variant four --games 200 --players 4');
    expect(stdout).toContain('score fixtures/four/gen-p4-s1.yaml');
  });

  test.each([
    [['new'], 'new needs the id of the variant to write'],
    [['new', 'house'], '--extends <variant> is required'],
    [['new', 'House', '--extends', 'pagat'], 'a variant id is lower-case letters, digits and dashes, starting with a letter; got "House"'],
    [['new', 'pagat', '--extends', 'escoba'], 'variant "pagat" exists already'],
    [['new', 'house', '--extends', 'pagta'], 'unknown variant "pagta"'],
    [['new', 'house', '--extends', 'pagat', '--out', '/tmp/other.yaml'], '--out must name a file house.yaml'],
  ])('a usage mistake (%j) exits 2 with one line, nothing written', async (argv, message) => {
    const { code, stdout, stderr } = await run(...argv);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(`error: ${message}`);
    expect(stderr).toContain('Run "scopa-conformance help new" for usage.');
  });
});
