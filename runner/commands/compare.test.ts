// compare, end to end (issue 34): the reference, the Python example engine, a mutant that plays a documented reading
// and declares it, and a mutant with a bug, over a few pagat fixtures and a seeded game per setting; then the same
// beside an engine that hangs and one that lies, split over CI jobs and merged, against a baseline, and given bad input.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CliRun, REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import { variantsOrStop } from '../cli/command.ts';
import { checkAgainstSchema } from '../load/schemas.ts';
import { buildMutant, type BuiltMutant } from '../mutants/apply.ts';
import { MUTANTS } from '../mutants/catalog.ts';
import { programCommand } from '../mutants/shared-builds.ts';

const FIXTURES = ['cap-rank-priority-01', 'cap-rank-priority-05', 'cap-choice-02', 'sweep-last-play-01', 'end-target-01'].map((id) => `fixtures/pagat/${id}.yaml`);
/** The corpus and one game per pagat setting of each engine (2, 3, 4 and 6 players), as every test here runs them. */
const SELECTION = [...FIXTURES, '--variant', 'pagat', '--games', '1', '--jobs', '2'];
const HANGS = join(REPO_ROOT, 'runner/testdata/hostile/engines/hang-on-second.mjs');
const CRASHES = join(REPO_ROOT, 'runner/testdata/hostile/engines/crash-at-start.mjs');

interface Cell {
  engine: string;
  status: string;
  passed: number;
  failed: number;
  notApplicable: number;
  notJudged: number;
  failures: string[];
  change?: string;
}
interface Report {
  engines: { name: string; run: { fixtures: { id: string; outcome: string; derived?: string; message?: string }[] } }[];
  matrix: { rule: string | null; cells: Cell[] }[];
  census: { entries: { ambiguity: string; engines: { engine: string; readings: unknown[] }[] }[]; undocumented: unknown[] };
  disagreements: { id: string; answers: { engines: string[]; outcome: string; findings: unknown[] }[] }[];
  baseline?: { newlyPassing: number; newlyFailing: number };
}

const mutant = (name: string) => {
  const found = MUTANTS.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no mutant ${name} in the catalog`);
  return found;
};
const READING = mutant('sweep-on-last-play');
const BUG = mutant('rank-priority-ignored');

let dir: string;
const built: BuiltMutant[] = [];
let plain: CliRun;
let hostile: CliRun;

/** Durations aside (they differ from run to run), a report as it is. */
const timeless = (text: string): unknown => JSON.parse(text, (key, value: unknown) => (key === 'durationMs' ? 0 : value));
const reportOf = (run: CliRun): Report => JSON.parse(run.stdout) as Report;
/** An engine's cells that count something (a rule only another engine breaks adds a row, empty for this engine). */
const cellsOf = (report: Report, engine: string): Map<string | null, Cell> =>
  new Map(report.matrix.flatMap((row) => row.cells.filter((cell) => cell.engine === engine && cell.passed + cell.failed + cell.notApplicable + cell.notJudged > 0).map((cell) => [row.rule, cell] as const)));
const compare = (...args: string[]): Promise<CliRun> => runCli(['compare', ...args]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scopa-compare-'));
  const [reading, bug] = await Promise.all([buildMutant(READING), buildMutant(BUG)]);
  built.push(reading as BuiltMutant, bug as BuiltMutant);
  const pagat = (await variantsOrStop()).get('pagat');
  const declared = pagat === undefined ? undefined : READING.reading?.declare(pagat.rules);
  if (declared === undefined) throw new Error('the reading mutant declares nothing for pagat');
  await writeFile(join(dir, 'last-play.yaml'), stringify({ variants: [{ id: 'pagat', ...declared }] }));
  const engines = [
    { name: 'reference' },
    { name: 'scopa-py', engine: 'python3 examples/python/scopa_engine.py' },
    { name: 'last-play', engine: reading?.engineCommand, profile: 'last-play.yaml' },
    { name: 'rank-bug', engine: bug?.engineCommand },
  ];
  await writeFile(join(dir, 'engines.yaml'), stringify({ engines }));
  const neighbours = [
    { name: 'hangs', engine: `${JSON.stringify(process.execPath)} ${JSON.stringify(HANGS)}`, timeout: 0.25 },
    { name: 'lies', engine: programCommand('runner/testdata/lies/lying-engine.ts', 'round-end-twice') },
    { name: 'crashes', engine: `${JSON.stringify(process.execPath)} ${JSON.stringify(CRASHES)}` },
  ];
  await writeFile(join(dir, 'hostile.yaml'), stringify({ engines: [...engines.slice(0, 2), neighbours[0], ...engines.slice(2), neighbours[1], neighbours[2]] }));
  [plain, hostile] = await Promise.all([compare(join(dir, 'engines.yaml'), ...SELECTION, '--reporter', 'json'), compare(join(dir, 'hostile.yaml'), ...SELECTION, '--reporter', 'json')]);
}, 60_000);

afterAll(async () => {
  await Promise.all(built.map((mutantBuilt) => mutantBuilt.remove()));
  await rm(dir, { recursive: true, force: true });
});

describe('four engines side by side', () => {
  test('the matrix: every rule passed by each engine, but rank priority, which the mutant with a bug breaks on both its fixtures', () => {
    expect(plain.code, plain.stderr).toBe(1);
    const report = reportOf(plain);
    // The rules the five fixtures cite, and those the games' events exercise (the deal, each kind of play and award).
    expect(report.matrix.map((row) => row.rule)).toEqual([
      'DEAL-PROCEDURE', 'DEAL-REFILL', 'PLAY-TRAIL', 'CAP-RANK', 'CAP-SUM', 'CAP-RANK-PRIORITY', 'CAP-CHOICE', 'SWEEP-POINT', 'SWEEP-LAST-PLAY', 'SWEEP-REMAINDER',
      'SCORE-MOST-CARDS', 'SCORE-MOST-COINS', 'SCORE-CARD', 'SCORE-PRIMIERA', 'SCORE-SWEEPS', 'END-TARGET', 'END-EXACT-TIE', 'END-RANKING',
    ]);
    for (const row of report.matrix) {
      const statuses = row.cells.map((cell) => `${cell.engine} ${cell.status}`);
      const bugStatus = row.rule === 'CAP-RANK-PRIORITY' ? 'failed' : 'passed';
      expect(statuses, String(row.rule)).toEqual(['reference passed', 'scopa-py passed', 'last-play passed', `rank-bug ${bugStatus}`]);
    }
    const priority = report.matrix.find((row) => row.rule === 'CAP-RANK-PRIORITY');
    expect(priority?.cells.map(({ engine, passed, failed, failures }) => ({ engine, passed, failed, failures }))).toEqual([
      { engine: 'reference', passed: 2, failed: 0, failures: [] },
      { engine: 'scopa-py', passed: 2, failed: 0, failures: [] },
      { engine: 'last-play', passed: 2, failed: 0, failures: [] },
      { engine: 'rank-bug', passed: 0, failed: 2, failures: ['pagat/cap-rank-priority-01', 'pagat/cap-rank-priority-05'] },
    ]);
    // The two fixtures that fail on rank priority cite CAP-CHOICE too: it is not judged there.
    const choice = report.matrix.find((row) => row.rule === 'CAP-CHOICE')?.cells.find((cell) => cell.engine === 'rank-bug');
    expect(choice).toMatchObject({ status: 'passed', passed: 1, failed: 0, notJudged: 2 });
  });

  test('the census: the reading the mutant declares, under each entry of the register it is', () => {
    const { census } = reportOf(plain);
    const lastPlay = [{ engine: 'last-play', readings: [{ variant: 'pagat', knob: 'sweep.lastPlay', value: true, rule: 'SWEEP-LAST-PLAY' }] }];
    expect(census.entries.map(({ ambiguity, engines }) => ({ ambiguity, engines }))).toEqual([
      { ambiguity: 'AMB-17', engines: lastPlay },
      { ambiguity: 'AMB-46', engines: lastPlay },
      { ambiguity: 'AMB-63', engines: lastPlay },
    ]);
    expect(census.undocumented).toEqual([]);
  });

  test('the disagreements: the bug against the engines judged alike; the reading judged under its own rules, apart', () => {
    const report = reportOf(plain);
    const refused = (id: string) => ({
      id,
      answers: [
        { engines: ['reference', 'scopa-py'], outcome: 'passed', findings: [] },
        { engines: ['rank-bug'], outcome: 'failed', findings: [{ rule: 'CAP-RANK-PRIORITY', round: 1, play: 1, brief: 'expected refusal CAPTURE_RANK_PRIORITY, got none' }] },
      ],
    });
    expect(report.disagreements.map(({ id, answers }) => ({ id, answers }))).toEqual([refused('pagat/cap-rank-priority-01'), refused('pagat/cap-rank-priority-05')]);
    const lastPlay = report.engines.find((engine) => engine.name === 'last-play')?.run.fixtures.find((fixture) => fixture.id === 'pagat/sweep-last-play-01');
    expect(lastPlay).toMatchObject({ outcome: 'passed', derived: 'rules.sweep.lastPlay: true' });
  });

  test('a hanging, a lying and a crashing engine in the same file change nothing in the others’ cells, runs or disagreements', () => {
    expect(hostile.code, hostile.stderr).toBe(3);
    const [before, after] = [reportOf(plain), reportOf(hostile)];
    for (const name of ['reference', 'scopa-py', 'last-play', 'rank-bug']) {
      expect(cellsOf(after, name), name).toEqual(cellsOf(before, name));
      const run = (report: Report) => timeless(JSON.stringify(report.engines.find((engine) => engine.name === name)));
      expect(run(after), name).toEqual(run(before));
    }
    const hangs = after.engines.find((engine) => engine.name === 'hangs')?.run.fixtures ?? [];
    expect(hangs.length).toBeGreaterThan(0);
    expect(hangs.every((fixture) => fixture.outcome === 'errored' && /250 ms/.test(fixture.message ?? ''))).toBe(true);
    expect([...cellsOf(after, 'lies').values()].some((cell) => cell.status === 'failed')).toBe(true);
    expect(hostile.stderr).toContain('error: engine "crashes" could not be started: ');
    expect(hostile.stderr).toContain('fake engine: cannot open its rule tables');
    const amongTheFour = (report: Report) =>
      report.disagreements.flatMap(({ id, answers }) => {
        const kept = answers.map((answer) => ({ ...answer, engines: answer.engines.filter((engine) => !['hangs', 'lies', 'crashes'].includes(engine)) })).filter((answer) => answer.engines.length > 0);
        return kept.length > 1 ? [{ id, answers: kept }] : [];
      });
    expect(amongTheFour(after)).toEqual(amongTheFour(before));
  });
});

describe('split over CI jobs and merged', () => {
  /** One job per engine, the Python engine's in two shards. */
  const parts: string[] = [];
  beforeAll(async () => {
    const jobs = [['--only', 'reference'], ['--only', 'scopa-py', '--shard', '1/2'], ['--only', 'scopa-py', '--shard', '2/2'], ['--only', 'last-play', '--only', 'rank-bug']];
    parts.push(...jobs.map((_, index) => join(dir, `part-${index}.json`)));
    const ran = await Promise.all(jobs.map((args, index) => compare(join(dir, 'engines.yaml'), ...SELECTION, ...args, '--reporter', 'json', '--out', parts[index] as string)));
    for (const part of ran) expect(part.code, part.stderr).toBeLessThanOrEqual(1);
  }, 60_000);

  test('merged in any order, the report of the one run', async () => {
    const merged = await compare(join(dir, 'engines.yaml'), '--merge', ...[...parts].reverse(), '--reporter', 'json');
    expect(merged.code, merged.stderr).toBe(1);
    expect(timeless(merged.stdout)).toEqual(timeless(plain.stdout));
  });

  test('a missing shard, an engine no report holds, and one run as another command: each said, nothing reported', async () => {
    const missing = await compare(join(dir, 'engines.yaml'), '--merge', parts[1] as string, parts[3] as string);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('error: no report holds engine "reference"');
    expect(missing.stderr).toContain('error: engine "scopa-py": shard 2/2 is missing (of 2; given: 1/2)');
    const other = join(dir, 'other.yaml');
    await writeFile(other, stringify({ engines: [{ name: 'scopa-py', engine: 'python3 elsewhere.py' }] }));
    const renamed = await compare(other, '--merge', parts[1] as string, parts[2] as string);
    expect(renamed).toMatchObject({ code: 2, stdout: '' });
    expect(renamed.stderr).toContain('engine "scopa-py" was run as "python3 examples/python/scopa_engine.py", where the engines file has "python3 elsewhere.py"');
  });
});

describe('against a baseline', () => {
  test('the bug fixed is newly passing; brought back, newly failing; the other cells unmarked', async () => {
    const engines = join(dir, 'engines.yaml');
    const before = join(dir, 'before.json');
    await writeFile(before, plain.stdout);
    const fixed = join(dir, 'fixed.yaml');
    await writeFile(fixed, stringify({ engines: [{ name: 'reference' }, { name: 'rank-bug' }] }));
    const after = await compare(fixed, ...SELECTION, '--reporter', 'json', '--baseline', before);
    expect(after.code, after.stderr).toBe(0);
    const marked = (report: Report) => report.matrix.flatMap((row) => row.cells.flatMap((cell) => (cell.change === undefined ? [] : [`${row.rule} ${cell.engine} ${cell.change}`])));
    expect(marked(reportOf(after))).toEqual(['CAP-RANK-PRIORITY rank-bug newly-passing']);
    expect(reportOf(after).baseline).toMatchObject({ newlyPassing: 1, newlyFailing: 0 });
    await writeFile(join(dir, 'after.json'), after.stdout);
    const back = await compare(engines, '--merge', before, '--baseline', join(dir, 'after.json'), '--reporter', 'json');
    expect(marked(reportOf(back))).toEqual(['CAP-RANK-PRIORITY rank-bug newly-failing']);
    // The baseline ran two of the four engines: the other two are said, their cells unmarked.
    expect(reportOf(back).baseline).toMatchObject({ newlyPassing: 0, newlyFailing: 1, missing: ['scopa-py', 'last-play'] });
    const said = await compare(engines, '--merge', before, '--baseline', join(dir, 'after.json'));
    expect(said.stdout).toMatch(/\nBASELINE .*after\.json: 0 newly passing, 1 newly failing; it does not have engine "scopa-py", engine "last-play", whose cells are not marked\n/);
  });
});

describe('every reporter, and the badges', () => {
  test('markdown for a pull request, HTML, and a shields endpoint badge per engine, from one report', async () => {
    const engines = join(dir, 'engines.yaml');
    const report = join(dir, 'report.json');
    await writeFile(report, plain.stdout);
    const markdown = await compare(engines, '--merge', report, '--reporter', 'markdown', '--badges', join(dir, 'badges'));
    expect(markdown.stdout).toMatch(/^<!-- scopa-conformance compare -->\n### scopa-conformance: 4 engines compared\n/);
    expect(markdown.stdout).toContain('| `CAP-RANK-PRIORITY` | passed 2 | passed 2 | passed 2 | **failed 2** |');
    expect(markdown.stdout).toContain('<details><summary>pagat/cap-rank-priority-01: ');
    const badge = (name: string) => readFile(join(dir, 'badges', `${name}.json`), 'utf8').then((text) => JSON.parse(text) as unknown);
    expect(await badge('reference')).toEqual({ schemaVersion: 1, label: 'scopa-conformance', message: '9/9 passed', color: 'brightgreen' });
    expect(await badge('rank-bug')).toEqual({ schemaVersion: 1, label: 'scopa-conformance', message: '7/9 passed', color: 'red' });
    // Each engine's fixtures and games counted apart, as run's summary counts them.
    const pretty = await compare(engines, '--merge', report);
    expect(pretty.stdout).toMatch(/\n {2}reference +5 fixtures, 4 games: 9 passed, 0 failed, 0 skipped, 0 errored \(reference engine, /);
    expect(pretty.stdout).toContain('compare of 4 engines: reference 5 fixtures, 4 games: 9 passed, ');
    const html = await compare(engines, '--merge', report, '--reporter', 'html', '--out', join(dir, 'compare.html'));
    expect(html.stdout).toContain('HTML report: ');
    expect(await readFile(join(dir, 'compare.html'), 'utf8')).toContain('<title>scopa-conformance: compare of 4 engines</title>');
  });
});

describe('what each engine is judged under and why it was not judged, in every format', () => {
  // The rank bug listed as known; an engine whose hello declares a reading and what no source documents; one that plays
  // only escoba (judged on nothing here); one that cannot start, saying why in markup.
  const HELLO_READS = join(REPO_ROOT, 'runner/compare/cases/engines/hello-reads.mjs');
  const PLAYS_NOTHING = join(REPO_ROOT, 'runner/testdata/hostile/engines/plays-nothing.mjs');
  const CRASHES_IN_MARKUP = join(REPO_ROOT, 'runner/compare/cases/engines/crash-with-markup.mjs');
  const node = (program: string): string => `${JSON.stringify(process.execPath)} ${JSON.stringify(program)}`;
  let engines: string;
  let ran: CliRun;
  let report: string;
  interface Judged extends Report {
    engines: (Report['engines'][number] & { readings: unknown[]; badge: unknown })[];
    matrix: (Report['matrix'][number] & { tellsApart: boolean })[];
  }
  beforeAll(async () => {
    await writeFile(join(dir, 'rank-bugs.yaml'), stringify({ bugs: [BUG.name] }));
    engines = join(dir, 'judged.yaml');
    await writeFile(engines, stringify({ engines: [
      { name: 'reference' },
      { name: 'rank-known', engine: built[1]?.engineCommand, knownBugs: 'rank-bugs.yaml' },
      { name: 'hello-reads', engine: node(HELLO_READS) },
      { name: 'escoba-only', engine: node(PLAYS_NOTHING) },
      { name: 'crashes', engine: node(CRASHES_IN_MARKUP) },
    ] }));
    ran = await compare(engines, ...FIXTURES, '--variant', 'pagat', '--jobs', '2', '--reporter', 'json');
    report = join(dir, 'judged.json');
    await writeFile(report, ran.stdout);
  }, 60_000);

  test('JSON: the known bug on the badge, not green; the hello\'s reading in the census, its undocumented declaration marked; every rule telling apart beside an engine that crashed', () => {
    const judged = JSON.parse(ran.stdout) as Judged;
    expect(checkAgainstSchema('compare', judged)).toEqual([]);
    const badgeOf = (name: string) => judged.engines.find((engine) => engine.name === name)?.badge;
    expect(badgeOf('rank-known')).toEqual({ schemaVersion: 1, label: 'scopa-conformance', message: '3/3 passed, 1 known bug', color: 'yellow' });
    expect(badgeOf('reference')).toMatchObject({ message: '5/5 passed', color: 'brightgreen' });
    const lastPlay = [{ engine: 'hello-reads', readings: [{ variant: 'pagat', knob: 'sweep.lastPlay', value: true, rule: 'SWEEP-LAST-PLAY' }] }];
    expect(judged.census.entries.map(({ ambiguity, engines: by }) => ({ ambiguity, engines: by }))).toEqual(['AMB-17', 'AMB-46', 'AMB-63'].map((ambiguity) => ({ ambiguity, engines: lastPlay })));
    expect(judged.census.undocumented).toEqual([{ engine: 'hello-reads', declarations: ['pagat deck.coinsSuit: S'] }]);
    // The crashed engine's cells are all not judged against the reference's passed: each rule tells them apart.
    expect(judged.matrix.length).toBeGreaterThan(3);
    expect(judged.matrix.every((row) => row.tellsApart)).toBe(true);
  });

  test('the engine judged on nothing is named on stderr, as run says it, whatever the reporter', async () => {
    const said = 'error: engine "escoba-only" (engine ';
    const why = '): nothing was judged: every fixture was skipped or not applicable (exit 2)';
    expect(ran.code, ran.stderr).toBe(2);
    expect(ran.stderr).toContain(said);
    expect(ran.stderr).toContain(why);
    const merged = await compare(engines, '--merge', report, '--reporter', 'markdown');
    expect(merged.code).toBe(2);
    expect(merged.stderr.split('\n').filter((line) => line.includes(why))).toEqual([expect.stringContaining(said)]);
  });

  test('pretty, markdown and HTML: the known bug, the undocumented declaration, the first error, a headline true to the cells', async () => {
    const [pretty, markdown] = await Promise.all([compare(engines, '--merge', report), compare(engines, '--merge', report, '--reporter', 'markdown')]);
    const page = join(dir, 'judged.html');
    const html = await compare(engines, '--merge', report, '--reporter', 'html', '--out', page);
    expect(html.code, html.stderr).toBe(2);
    const text = await readFile(page, 'utf8');
    const bug = `${BUG.name} (CAP-RANK-PRIORITY): ${BUG.bug}`;
    expect(pretty.stdout).toContain(`known bugs (1), judged as the reference playing them; the run fails while any is listed:\n${' '.repeat(19)}${bug}\n`);
    expect(markdown.stdout).toContain(`**rank-known has 1 known bug**, judged as the reference playing them; the run fails while any is listed: ${BUG.name} (CAP-RANK-PRIORITY): ${BUG.bug}`);
    expect(text).toContain(`<strong>1 known bug</strong>, judged as the reference playing them; the run fails while any is listed:<ul><li>${bug}</li></ul>`);

    const undocumented = 'hello-reads: its profile declares what no source documents (pagat deck.coinsSuit: S): its results hold only under these declarations';
    expect(pretty.stdout).toContain(`\nUNDOCUMENTED: ${undocumented}\n`);
    expect(markdown.stdout).toContain(`**Undocumented:** ${undocumented}`);
    expect(text).toContain(`<strong>Undocumented:</strong> ${undocumented}`);

    expect(pretty.stdout).toMatch(/errored first on pagat\/cap-choice-02: the engine could not be started: .*\n +<img src=x onerror=alert\(1\)> \| \*\*cannot\*\* open `tables`\n/);
    expect(markdown.stdout).toMatch(/\*\*crashes errored\*\* first on pagat\/cap-choice-02: the engine could not be started: .* &lt;img src=x onerror=alert\(1\)&gt; \\\| \\\*\\\*cannot\\\*\\\* open \\`tables\\`\n/);
    expect(text).toMatch(/errored first on pagat\/cap-choice-02:<pre class="report">the engine could not be started: [^<]*\n&lt;img src=x onerror=alert\(1\)&gt; \| \*\*cannot\*\* open `tables`<\/pre>/);
    expect(`${markdown.stdout}${text}`).not.toContain('<img');

    const rules = (JSON.parse(ran.stdout) as Judged).matrix.length;
    const headline = `${rules} rules checked; ${rules} rules telling the engines apart (their cells' statuses differ)`;
    expect(pretty.stdout).toContain(`\nMATRIX: ${headline}\n`);
    expect(markdown.stdout).toContain(`**Matrix:** ${headline}`);
    expect(text).toContain(`<h2>Rules by engine: ${headline.replace("'", '&#39;')}</h2>`);
  });
});

describe('the same seeded probes for every engine', () => {
  // Four probes of anycard-rules-page at two players: the fourth tries a capture naming one table card twice.
  const PROBES = ['fixtures/pagat/cap-rank-priority-01.yaml', '--variant', 'anycard-rules-page', '--filter', 'probes/anycard-rules-page/p2-*', '--probes', '4'];
  const TWICE = 'probes/anycard-rules-page/p2-s4';
  interface ProbesReport extends Report {
    engines: (Report['engines'][number] & { run: { probes?: { perSetting: number; seed: number; counts: { total: number; failed: number }; refusals: string[] } } })[];
  }
  let engines: string;
  let probed: CliRun;
  beforeAll(async () => {
    const twice = await buildMutant(mutant('capture-names-a-card-twice'));
    built.push(twice);
    engines = join(dir, 'probes.yaml');
    await writeFile(engines, stringify({ engines: [{ name: 'reference' }, { name: 'twice', engine: twice.engineCommand }] }));
    probed = await compare(engines, ...PROBES, '--jobs', '2', '--reporter', 'json');
  }, 60_000);

  test('both engines judged on the same probes; the one that takes a table card twice fails the probe the other passes, under CAP-CHOICE', () => {
    expect(probed.code, probed.stderr).toBe(1);
    const report = JSON.parse(probed.stdout) as ProbesReport;
    expect(checkAgainstSchema('compare', report)).toEqual([]);
    const outcomes = (name: string) => report.engines.find((engine) => engine.name === name)?.run.fixtures.map(({ id, outcome }) => `${id} ${outcome}`);
    const ids = ['s1', 's2', 's3', 's4'].map((seed) => `probes/anycard-rules-page/p2-${seed}`);
    expect(outcomes('reference')).toEqual(ids.map((id) => `${id} passed`));
    expect(outcomes('twice')).toEqual(ids.map((id) => `${id} ${id === TWICE ? 'failed' : 'passed'}`));
    for (const { run } of report.engines) expect(run.probes).toMatchObject({ perSetting: 4, seed: 1, counts: { total: 4 }, refusals: expect.arrayContaining(['CAPTURE_NOT_ON_TABLE']) });
    const choice = report.matrix.find((row) => row.rule === 'CAP-CHOICE')?.cells.map(({ engine, status, passed, failed, failures }) => ({ engine, status, passed, failed, failures }));
    expect(choice).toEqual([
      // Three of the four probes try a capture of cards not on the table.
      { engine: 'reference', status: 'passed', passed: 3, failed: 0, failures: [] },
      { engine: 'twice', status: 'failed', passed: 2, failed: 1, failures: [TWICE] },
    ]);
    expect(report.disagreements.map(({ id, answers }) => ({ id, answers: answers.map(({ engines: by, outcome }) => ({ engines: by, outcome })) }))).toEqual([
      { id: TWICE, answers: [{ engines: ['reference'], outcome: 'passed' }, { engines: ['twice'], outcome: 'failed' }] },
    ]);
  });

  test('each engine a job of its own, the second cut in shards: merged, the report of the one run', async () => {
    const jobs = [['--only', 'reference'], ['--only', 'twice', '--shard', '1/2'], ['--only', 'twice', '--shard', '2/2']];
    const parts = jobs.map((_, index) => join(dir, `probes-part-${index}.json`));
    const ran = await Promise.all(jobs.map((args, index) => compare(engines, ...PROBES, ...args, '--reporter', 'json', '--out', parts[index] as string)));
    for (const part of ran) expect(part.code, part.stderr).toBeLessThanOrEqual(1);
    const merged = await compare(engines, '--merge', ...parts, '--reporter', 'json');
    expect(merged.code, merged.stderr).toBe(1);
    expect(timeless(merged.stdout)).toEqual(timeless(probed.stdout));
    // A job that played other probes is refused at the merge.
    const other = join(dir, 'probes-other.json');
    const fewer = await compare(engines, ...PROBES.slice(0, -1), '3', '--only', 'reference', '--reporter', 'json', '--out', other);
    expect(fewer.code, fewer.stderr).toBe(0);
    const refused = await compare(engines, '--merge', other, parts[1] as string, parts[2] as string);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toContain('error: engine "reference" ran 3 probes per setting from seed 1, engine "twice" 4 probes per setting from seed 1: every job must run the same --games, --probes and --seed');
  }, 60_000);

  test('against a baseline: the engine fixed passes the probe, its cell newly passing', async () => {
    const before = join(dir, 'probes-before.json');
    await writeFile(before, probed.stdout);
    const fixed = join(dir, 'probes-fixed.yaml');
    await writeFile(fixed, stringify({ engines: [{ name: 'reference' }, { name: 'twice' }] }));
    const after = await compare(fixed, ...PROBES, '--reporter', 'json', '--baseline', before);
    expect(after.code, after.stderr).toBe(0);
    const marked = reportOf(after).matrix.flatMap((row) => row.cells.flatMap((cell) => (cell.change === undefined ? [] : [`${row.rule} ${cell.engine} ${cell.change}`])));
    expect(marked).toEqual(['CAP-CHOICE twice newly-passing']);
  });

  test.each([
    [['--probes', '-1'], '--probes'],
    [['--seed', '2'], '--seed is the first seed of --games and --probes: give one of them too'],
  ])('bad budget %j: exit 2, said', async (args, message) => {
    const ran = await compare(join(dir, 'engines.yaml'), ...FIXTURES, ...args);
    expect({ code: ran.code, stdout: ran.stdout }).toEqual({ code: 2, stdout: '' });
    expect(ran.stderr).toContain(message);
  });
});

describe('bad input: a clear error at file:line, exit 2, nothing run or written', () => {
  test.each([
    ['does-not-parse', ':4:1: error: Sequence item without - indicator'],
    ['names-no-engine', ':2:1: error: names no engine'],
    ['repeats-a-name', ':6:11: error: the name "python" is given twice: engine 1 (line 3) has it too'],
    ['missing-profile', ':5:14: error: profile "../profiles/no-such-profile.yaml": no such file'],
  ])('%s', async (name, message) => {
    const out = join(dir, `${name}.json`);
    const badges = join(dir, `${name}-badges`);
    const given = `runner/compare/cases/invalid/${name}.yaml`;
    const ran = await compare(given, ...FIXTURES, '--reporter', 'json', '--out', out, '--badges', badges);
    expect({ code: ran.code, stdout: ran.stdout }).toEqual({ code: 2, stdout: '' });
    expect(ran.stderr).toContain(`${given}${message}`);
    expect(existsSync(out) || existsSync(badges)).toBe(false);
  });

  test('a report that is not a compare report, given to --merge or --baseline: where it is wrong', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{\n  "comparison": "scopa-conformance compare",\n  "engines": 3\n}\n');
    const merged = await compare(join(dir, 'engines.yaml'), '--merge', bad);
    expect(merged).toMatchObject({ code: 2, stdout: '' });
    expect(merged.stderr).toContain(`${bad}:3:14: error: not a report of scopa-conformance compare --reporter json: `);
    const baseline = await compare(join(dir, 'engines.yaml'), ...FIXTURES, '--baseline', bad);
    expect(baseline).toMatchObject({ code: 2, stdout: '' });
  });
});
