import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { mergePatch } from '../../reference/variant.ts';
import type { OptionSpec, OptionValue, Rules, RulesPatch } from '../../reference/types.ts';
import { resolvedVariant, variantRules } from '../../reference/test-helpers.ts';
import { VARIANT_IDS } from '../../reference/test-helpers.ts';
import { runCli } from '../cli/cli-harness.ts';
import { SPEC_DIR } from '../util/repo-paths.ts';
import { buildRulebook, namesOf } from '../rulebook/rulebook.ts';
import { rulebookMarkdown } from '../rulebook/render.ts';
import { UNWORDED_ENUMS, WORDING, type WordedEnum, worded } from '../rulebook/wording.ts';

type SchemaNode = { $ref?: string; enum?: string[]; properties?: Record<string, SchemaNode | boolean>; items?: SchemaNode; anyOf?: SchemaNode[]; allOf?: { then?: SchemaNode }[] };
const schema = JSON.parse(readFileSync(join(SPEC_DIR, 'variant.schema.json'), 'utf8')) as { $defs: Record<string, SchemaNode> };
const defOf = (node: SchemaNode): SchemaNode => (node.$ref === undefined ? node : (schema.$defs[node.$ref.replace('#/$defs/', '')] as SchemaNode));
const enumDefs = Object.entries(schema.$defs).filter(([, def]) => def.enum !== undefined);

/** Every knob path of the schema's rulesPatch: `capture.mode`, `deck.ranks[].name`, `scoring.categories[].ties`, ... */
function knobPaths(node: SchemaNode | boolean, path: string, into = new Set<string>()): Set<string> {
  if (typeof node === 'boolean') return into.add(path);
  const def = defOf(node);
  const branches = [...(def.allOf ?? []).flatMap((entry) => (entry.then === undefined ? [] : [entry.then])), ...(def.anyOf ?? [])].filter((b) => defOf(b).properties !== undefined);
  if (def.properties === undefined && def.items === undefined && branches.length === 0) return into.add(path);
  for (const [key, child] of Object.entries(def.properties ?? {})) knobPaths(child, path === '' ? key : `${path}.${key}`, into);
  if (def.items !== undefined) knobPaths(def.items, `${path}[]`, into);
  for (const branch of branches) knobPaths(branch, path, into);
  return into;
}

/** The rules behind a proxy that writes down every knob path read, array positions written `[]`. */
function recordingReads(rules: Rules, reads: Set<string>): Rules {
  const wrap = (value: unknown, path: string): unknown => {
    if (value === null || typeof value !== 'object') return value;
    return new Proxy(value, {
      get(target, key, receiver) {
        const child = Reflect.get(target, key, receiver) as unknown;
        if (typeof key !== 'string' || !Object.hasOwn(target, key)) return child;
        const childPath = Array.isArray(target) ? `${path}[]` : path === '' ? key : `${path}.${key}`;
        reads.add(childPath);
        return wrap(child, childPath);
      },
    });
  };
  return wrap(rules, '') as Rules;
}

function optionValuesOf(option: OptionSpec): OptionValue[] {
  if (option.type === 'boolean') return [false, true];
  if (option.type === 'enum') return option.values ?? [];
  return [option.min ?? 0, option.max ?? 0];
}

const markdownOf = (id: string, options: Record<string, OptionValue> = {}, patch: RulesPatch = {}): string =>
  rulebookMarkdown(buildRulebook(resolvedVariant(id), options, mergePatch(variantRules(id, options), patch)));

describe('every knob value has its wording', () => {
  test("the wording tables hold exactly the values of the schema's enums", () => {
    for (const [name, def] of enumDefs) {
      if (Object.hasOwn(UNWORDED_ENUMS, name)) continue;
      expect(Object.hasOwn(WORDING, name), `no wording table for the schema's enum ${name}`).toBe(true);
      expect(Object.keys(WORDING[name as WordedEnum]).sort(), `wording of ${name}`).toEqual([...(def.enum as string[])].sort());
    }
    for (const name of [...Object.keys(WORDING), ...Object.keys(UNWORDED_ENUMS)]) expect(schema.$defs[name]?.enum, name).toBeDefined();
  });

  test('a value without wording is refused, not left out', () => {
    expect(() => worded('compulsion', 'some-card', namesOf(variantRules('pagat')))).toThrow(/no wording for compulsion value "some-card"/);
  });

  test('the rulebooks of every variant, with every option value, read every knob of the schema', () => {
    const reads = new Set<string>();
    for (const id of VARIANT_IDS) {
      const variant = resolvedVariant(id);
      const settings = [{}, ...variant.options.flatMap((option) => optionValuesOf(option).map((value) => ({ [option.name]: value })))];
      for (const options of settings) buildRulebook(variant, options, recordingReads(variantRules(id, options), reads));
    }
    const unread = [...knobPaths(schema.$defs.rulesPatch as SchemaNode, '')].filter((path) => !reads.has(path));
    expect(unread, 'knobs no rulebook mentions: word them in runner/rulebook/rulebook.ts').toEqual([]);
  });

  /** What makes a knob matter, where it matters only with another knob's value. */
  const MATTERS_WITH: Record<string, RulesPatch> = {
    'capture.autoTieBreak': { capture: { chooser: 'auto' } },
    'openingTable.bonus.beneficiary': { openingTable: { bonus: { enabled: true } } },
    'openingTable.bonus.thirty': { openingTable: { bonus: { enabled: true } } },
    'deal.rotation': { end: { mode: 'target' } },
    'end.countingOutTie': { end: { countingOut: true }, scoring: { categories: [{ id: 'cards', kind: 'most-cards', points: 1, ties: 'each' }, { id: 'sweeps', kind: 'sweeps' }] } },
    'end.instantWinAfter': { end: { instantWin: true } },
    'capture.aceOnAce': { capture: { aceTakesAll: true } },
    'capture.aceOnEmptyTable': { capture: { aceTakesAll: true } },
    'capture.aceFirstPlay': { capture: { aceTakesAll: true } },
    'capture.aceCapture': { capture: { aceTakesAll: true } },
    'declarations.wildInPlay': { declarations: { hands: [{ kind: 'low', atMost: 9, sweeps: 3 }], wild: '7H' } },
    'declarations.several': { declarations: { hands: [{ kind: 'low', atMost: 9, sweeps: 3 }] } },
    'declarations.when': { declarations: { hands: [{ kind: 'low', atMost: 9, sweeps: 3 }] } },
  };
  const setAt = (path: string, value: string): RulesPatch => path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as RulesPatch;
  const scalarKnobs = [...knobPaths(schema.$defs.rulesPatch as SchemaNode, '')].flatMap((path) => {
    let node: SchemaNode | undefined = schema.$defs.rulesPatch as SchemaNode;
    for (const key of path.split('.')) node = node === undefined || key.includes('[]') ? undefined : (defOf(node).properties?.[key] as SchemaNode | undefined);
    const name = node?.$ref?.replace('#/$defs/', '');
    return name !== undefined && Object.hasOwn(WORDING, name) ? [{ path, name: name as WordedEnum }] : [];
  });

  test.each(scalarKnobs.flatMap(({ path, name }) => (schema.$defs[name]?.enum ?? []).map((value) => [path, value, name] as const)))(
    '%s: %s is in words in the rulebook',
    (path, value, name) => {
      const patch = mergePatch(MATTERS_WITH[path] ?? {}, setAt(path, value));
      const rules = mergePatch(variantRules('pagat'), patch);
      expect(markdownOf('pagat', {}, patch)).toContain(worded(name, value, namesOf(rules)));
    },
  );

  test.each([
    ['categoryKind', (value: string) => ({ scoring: { categories: [{ id: 'x', kind: value, points: 1, ties: 'nobody', card: '10D' }] } })],
    ['tiePolicy', (value: string) => ({ scoring: { categories: [{ id: 'x', kind: 'most-cards', points: 1, ties: value }] } })],
    ['incompletePrimiera', (value: string) => ({ scoring: { categories: [{ id: 'x', kind: 'primiera', points: 1, ties: 'nobody', incomplete: value }] } })],
    ['bonusCombine', (value: string) => ({ scoring: { categories: [{ id: 'm', kind: 'most-coins', points: 1, ties: 'nobody' }, { id: 'x', kind: 'all-coins', points: 2, ties: 'nobody', combine: value }] } })],
    ['copyScoring', (value: string) => ({ deck: { copies: 2 }, scoring: { categories: [{ id: 'x', kind: 'card', card: '7D', points: 1, ties: 'nobody', copies: value }] } })],
    ['tieBreakKey', (value: string) => ({ end: { tieBreaks: [value] } })],
    ['redealRule', (value: string) => ({ openingTable: { redeal: [{ rule: value, value: 10, atLeast: 3, atLeastPerCopy: 0, maxDeals: 0 }] } })],
  ] as const)('every value of %s, which lives in a list, is in words in the rulebook', (name, patchFor) => {
    for (const value of schema.$defs[name]?.enum ?? []) {
      const patch = patchFor(value) as RulesPatch;
      const rules = mergePatch(variantRules('pagat'), patch);
      const words = worded(name, value, namesOf(rules));
      expect(markdownOf('pagat', {}, patch), `${name}: ${value}`).toContain(name === 'categoryKind' && value === 'card' ? 'The re of denari' : words);
    }
  });

  test('the schema enums in lists are all tested above', () => {
    const inLists = ['categoryKind', 'tiePolicy', 'incompletePrimiera', 'bonusCombine', 'copyScoring', 'tieBreakKey', 'redealRule'];
    const tested = new Set([...scalarKnobs.map(({ name }) => name), ...inLists]);
    expect(Object.keys(WORDING).filter((name) => !tested.has(name))).toEqual([]);
  });
});

describe('the rulebooks of the variants', () => {
  test.each(VARIANT_IDS)('%s: every section, rule ids with titles and sources, the target, the deal sizes', (id) => {
    const rules = variantRules(id);
    const text = markdownOf(id);
    for (const section of ['## Setup', '## The deal', '## Play', '## Capture', '## Scoring', '## End of the game']) expect(text).toContain(section);
    expect(text).toMatch(/^### DECK-CARDS: forty cards, values 1 to 10 in four suits$/m);
    expect(text).toMatch(/^### CAP-COMPULSION: when a card may be trailed$/m);
    expect(text).toMatch(/^\*Sources: .*S00\d/m);
    if (rules.end.mode === 'target') expect(text).toContain(`${rules.end.target} points`);
    expect(text).toContain(`Each deal gives every player ${rules.deal.handSize} cards`);
    for (const category of rules.scoring.categories) expect(text).toContain(`(\`${category.id}\`)`);
  });

  test("pagat: its sources by id, and the citation spec/sources.md gives each id its rules cite", () => {
    const text = markdownOf('pagat');
    expect(text).toContain('- pagat-Sc: John McLeod, Scopone, https://www.pagat.com/fishing/scopone.html, through gambiter and marieganslandt');
    expect(text).toContain('## Sources cited\n\n- S000: PlayPalace team, Rules Of Scopa (2026)');
    expect(text).toContain('- W-en: Wikipedia (English), Scopa, https://en.wikipedia.org/wiki/Scopa\n');
    expect(text).toContain('- Parlett: David Parlett, The Penguin Book of Card Games, the Scopa article (p.136)');
    const sourceList = (text.split('Its sources:\n\n')[1] ?? '').split('\n\n')[0]?.split('\n') ?? [];
    expect(sourceList).toHaveLength(4);
    for (const entry of sourceList) expect(entry).toMatch(/^- (pagat-S|pagat-Sc|W-en|W-it): /);
  });

  test('pagat: 2 to 6 players, partnerships, deal sizes, primiera values, the kings rule', () => {
    const text = markdownOf('pagat');
    expect(text).toContain('- 2 or 3 players: each plays for themselves.');
    expect(text).toContain('- 4 players: two partnerships of two (seats 0 and 2 against seats 1 and 3).');
    expect(text).toContain('- 6 players: two teams of three (seats 0, 2 and 4 against seats 1, 3 and 5).');
    expect(text).toContain('| 2 | 3 | 4 | 6 |\n| 3 | 3 | 4 | 4 |\n| 4 | 3 | 4 | 3 |\n| 6 | 3 | 4 | 2 |');
    expect(text).toContain('7 = 21, 6 = 18, asso = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, fante, cavallo and re = 10');
    expect(text).toContain('If the opening table holds 3 or more cards of value 10 (re), the deal is void');
    expect(text).toContain('Taking every card on the table with the very last play of the round is not a scopa');
    expect(text).toContain('When a round ends with one or more players or partnerships at 11 points or more, the one with the highest total wins.');
  });

  test('denexa: counting out at 11, in the order of scoring; the non-dealer leads', () => {
    const text = markdownOf('denexa');
    expect(text).toContain('### END-COUNTING-OUT');
    expect(text).toContain('The moment a player reaches 11 points, counting stops and that player wins');
    expect(text).toContain('With two players, that is the non-dealer.');
    expect(text).toContain('A player without a card of every suit has no prime and cannot win it.');
    expect(text).not.toContain('### END-EXACT-TIE');
  });

  test('anycard: one round, automatic capture, dealt one card at a time, sorted table', () => {
    const text = markdownOf('anycard');
    expect(text).toContain('### END-SINGLE-ROUND');
    expect(text).toContain('if several share the most, the game is drawn');
    expect(text).toContain('### CAP-AUTO');
    expect(text).toContain('the one that leaves out the card earliest in table order');
    expect(text).toContain('the cards are dealt one at a time');
    expect(text).toContain('The suits go in the order clubs, diamonds, hearts and spades.');
    expect(text).not.toContain('After each round the deal passes');
  });

  test('escoba: fifteen, the opening-table escobas, tie-breaks, a target option', () => {
    const text = markdownOf('escoba');
    expect(text).toContain('### CAP-FIFTEEN');
    expect(text).not.toContain('### CAP-RANK:');
    expect(text).toContain('If the opening table adds up to 15, the dealer takes all of it');
    expect(text).toContain('decided over the whole game by, in order: most escobas, then most oros, then the 7 of oros (`7D`), then most cards.');
    expect(text).toContain('| `target` | 21 | 21 | 7 to 27 |');
    expect(markdownOf('escoba', { target: 15 })).toContain('at 15 points or more');
  });

  test('the readings of the scoring categories: a threshold, equal sevens decided by other values, copies, a win by holding all', () => {
    expect(markdownOf('scopa-dimensionecasino')).toContain('1 point to the player or partnership with the most cards, if that is at least 21; a tie for the most scores nobody.');
    expect(markdownOf('escoba-entretodos')).toContain(
      '1 point to the player or partnership with the most sevens; equal sevens go to the player or partnership with more cards of value 6, then of value 1, then of value 5; on a tie for the most, each tied player or partnership scores.',
    );
    expect(markdownOf('house-settebello-per-copy', { decks: 2 })).toContain('1 point to a player for each copy of it they took (`7D`).');
    const napoleone = markdownOf('napola-napoleone');
    expect(napoleone).toContain('(`napoleone`): a player or partnership who took all 10 denari wins the game (see End of the game).');
    expect(markdownOf('napola-napoleone', {}, { scoring: { categories: [{ id: 'all', kind: 'all-coins', points: 2, ties: 'nobody', winsGame: true }] } })).toContain(
      '2 points to a player or partnership who took all 10 denari; taking them all also wins the game (see End of the game).',
    );
    expect(napoleone).toContain('### END-HOLDING-ALL');
    expect(napoleone).toContain('A player or partnership that took all the denari in a round wins the game when the round has been scored, whatever the totals.');
  });

  test("a seating's own deal and a deal in packets are in words, with the table of sizes", () => {
    const assi = markdownOf('scopa-d-assi-giochistars');
    expect(assi).toContain(
      'Each deal gives every player 3 cards. The first deal of a round also lays out the opening table: 4 cards. With 4 players, each deal gives every player 10 cards. No card goes to the table: play starts on an empty table.',
    );
    expect(assi).toContain('| 4 | 10 | 0 | 1 |');
    expect(assi).toContain('With 4 players, the first deal goes out in packets from the top of the deck, starting with the player after the dealer: 3 cards to each player, then 3 to each player, then 4 to each player.');
    expect(markdownOf('scopone-classico-figs')).toContain(': 3 cards to each player, then 2 to the table, then 3 to each player, then 2 to the table, then 3 to each player.');
    const seatings = [
      { players: [2], teamModes: ['individual'], deal: { handSize: 5, tableSize: 0 } },
      { players: [3], teamModes: ['individual'] },
    ];
    expect(markdownOf('pagat', {}, { players: { seatings } })).toContain('When every hand is empty and the stock is not, as many cards as the first deal gave are dealt to each player');
  });

  test('playpalace: the opening table is the remainder; sweeps score at once; options change the book', () => {
    const text = markdownOf('playpalace');
    expect(text).toContain('| 5 | 3 | 10 | 2 |');
    expect(text).toContain('| 7 | 3 | 19 | 1 |');
    expect(text).toContain("A scopa's points are added to the score at once, during play.");
    expect(text).toContain('- 2, 3, 5 or 7 to 16 players: each plays for themselves.');
    expect(text).toContain('- 6 players: each plays for themselves; also allowed: three teams of two or two teams of three.');
    expect(markdownOf('playpalace', { teamMode: '2v2' })).toContain('- 4 players: two partnerships of two (seats 0 and 2 against seats 1 and 3); also allowed: each plays for themselves.');
    expect(markdownOf('playpalace', { decks: 2 })).toContain('### DECK-COPIES');
    expect(markdownOf('playpalace', { escoba: true })).toContain('### CAP-FIFTEEN');
    expect(markdownOf('playpalace', { inverse: true })).toContain('### END-INVERSE');
    expect(markdownOf('playpalace', { instantWin: true })).toContain('### END-INSTANT-WIN');
    expect(markdownOf('playpalace', { scopaMechanic: 'only-scopas' })).toContain('Nothing is scored at the end of a round: only scopas score.');
  });
});

describe('explain on the command line', () => {
  const run = (...argv: string[]) => runCli(argv);

  test('Markdown by default, with the options given', async () => {
    const { code, stdout, stderr } = await run('explain', 'escoba', '--option', 'target=15');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^# Escoba del 15 \(Spanish Escoba\)\n/);
    expect(stdout).toContain('| `target` | 15 | 21 | 7 to 27 |');
  });

  test('html: one page, nothing fetched, every text escaped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'explain-'));
    const title = 'House <script>alert("x")</script> & rules';
    writeFileSync(join(dir, 'house.yaml'), `id: house\ntitle: '${title}'\nsource: ["<b>notes</b>"]\nrules: { deck: { suitNames: { D: "<i>coins</i>" } } }\n`);
    const { code, stdout } = await run('explain', 'house', '--dir', dir, '--format', 'html');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(stdout).toContain('<title>House &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; rules</title>');
    expect(stdout).toContain('<li>&lt;b&gt;notes&lt;/b&gt;</li>');
    expect(stdout).toContain('<code>7D</code> is the 7 of &lt;i&gt;coins&lt;/i&gt;.');
    expect(stdout).not.toMatch(/<script|<b>|<i>|src=|<link/);
    expect(stdout.trimEnd().endsWith('</html>')).toBe(true);
  });

  test.each([
    [['explain'], 'explain needs a variant id'],
    [['explain', 'pagat', 'escoba'], 'explain takes one variant id, got "pagat escoba"'],
    [['explain', 'pagta'], 'unknown variant "pagta"'],
    [['explain', 'pagat', '--format', 'pdf'], '--format takes md or html, got "pdf"'],
    [['explain', 'pagat', '--option', 'target=x'], 'option "target" takes an integer, got "x"'],
    [['explain', 'pagat', '--option', 'target=99'], 'option "target": 99 is out of range 1..41'],
    [['explain', 'pagat', '--option', 'decks=2'], 'variant "pagat" has no option "decks"'],
  ])('a usage mistake (%j) exits 2 with one line and a pointer to the help', async (argv, message) => {
    const { code, stdout, stderr } = await run(...argv);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain(`error: ${message}`);
    expect(stderr).toContain('Run "scopa-conformance help explain" for usage.');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  test('an invalid variant file is reported where it is written, exit 2', async () => {
    const { code, stdout, stderr } = await run('explain', 'bad-enum', '--dir', 'runner/load/cases/invalid');
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain('bad-enum.yaml:7:14');
    expect(stderr).toContain('expected one of player, auto, got "automatic"');
  });

  test('help', async () => {
    const { code, stdout } = await run('help', 'explain');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: scopa-conformance explain <variant>/);
    expect(stdout).toContain('Exit status: 0');
  });
});

describe('explain --known-bugs', () => {
  test('lists every known bug of the catalog by name, once, under the rule it breaks, with what it does wrong', async () => {
    const { KNOWN_BUGS } = await import('../causes/known-bugs.ts');
    const { code, stdout } = await runCli(['explain', '--known-bugs']);
    expect(code).toBe(0);
    const sections = stdout.split('\n## ').slice(1);
    for (const bug of KNOWN_BUGS) {
      const holding = sections.filter((section) => section.includes(`- \`${bug.name}\`: ${bug.bug}\n`));
      expect(holding, bug.name).toHaveLength(1);
      expect(holding[0]?.startsWith(`${bug.rule} (`), bug.name).toBe(true);
    }
    expect(stdout.match(/^- `/gm)).toHaveLength(KNOWN_BUGS.length);
  });

  test('with a variant, an option or a format: a usage mistake, nothing printed', async () => {
    for (const argv of [['explain', '--known-bugs', 'pagat'], ['explain', '--known-bugs', '--format', 'html'], ['explain', '--known-bugs', '-o', 'x=1']]) {
      const { code, stdout, stderr } = await runCli(argv);
      expect({ code, stdout }, argv.join(' ')).toEqual({ code: 2, stdout: '' });
      expect(stderr).toContain('--known-bugs takes no variant, option or format');
    }
  });
});
