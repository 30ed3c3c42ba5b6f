import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import { escapeHtml, scriptJson } from './html/escape.ts';
import type { ReportData } from './html/view-types.ts';

/** What a hostile fixture title and engine message hold: markup, quotes, controls, line separators. */
const HOSTILE = '</script><script>alert("x")</script><img src=x onerror=alert(1)> \'q\' & \u001b[31m\u0000\u2028\u2029';

describe('escaping', () => {
  test('text and attribute values: markup, quotes and ampersands as entities, controls shown as \\u escapes', () => {
    expect(escapeHtml('<b class="x">it\'s & more</b>')).toBe('&lt;b class=&quot;x&quot;&gt;it&#39;s &amp; more&lt;/b&gt;');
    expect(escapeHtml('a\u001b[31mb\u0000c\u2028d\u202ee')).toBe('a\\u001b[31mb\\u0000c\\u2028d\\u202ee');
    expect(escapeHtml('tab\tand\nnewline')).toBe('tab\tand\nnewline');
  });

  test('JSON for a script element: no <, >, & or line separator left, and it parses back', () => {
    const data = { title: HOSTILE, nested: [{ text: '<!-- -->' }] };
    const json = scriptJson(data);
    expect(json).not.toMatch(/[<>&\u2028\u2029\u0000\u001b]/);
    expect(JSON.parse(json)).toEqual({
      title: '</script><script>alert("x")</script><img src=x onerror=alert(1)> \'q\' & \\u001b[31m\\u0000\\u2028\\u2029',
      nested: [{ text: '<!-- -->' }],
    });
  });
});

/** The JSON the page embeds for its viewer. */
function embedded(html: string): ReportData {
  const match = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html);
  if (match === null) throw new Error('no report data in the page');
  return JSON.parse(match[1] as string) as ReportData;
}

describe('run --reporter html', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scopa-html-'));
    // A failing fixture with a hostile title, and an engine that refuses its first play with a hostile message.
    const fixture = await readFile(join(REPO_ROOT, 'runner/testdata/run/demo/fail-01.yaml'), 'utf8');
    await mkdir(join(dir, 'hostile'));
    await writeFile(join(dir, 'hostile', 'fail-01.yaml'), fixture.replace('id: demo/fail-01', 'id: hostile/fail-01').replace(/^title: .*$/m, `title: ${JSON.stringify(HOSTILE)}`));
    await writeFile(
      join(dir, 'refusing-adapter.mts'),
      `import { replayOnReference } from ${JSON.stringify(join(REPO_ROOT, 'runner/engines/reference.ts'))};
export default {
  name: 'refusing',
  replay: async (request) => {
    const reply = replayOnReference(request);
    return { events: reply.events.slice(0, 1), rejection: { round: 1, play: 1, code: 'MUST_CAPTURE', message: ${JSON.stringify(HOSTILE)} } };
  },
  close: async () => {},
};
`,
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('writes scopa-report.html in the working directory, the summary line and its path on stdout', async () => {
    const ran = await runCli(['run', join(REPO_ROOT, 'runner/testdata/run/demo'), '--reporter', 'html'], { cwd: dir });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toMatch(/^4 fixtures: 3 passed, 1 failed, 0 skipped, 0 errored \(reference engine, [\d.]+ s\)\nHTML report: scopa-report\.html\n$/);
    const html = await readFile(join(dir, 'scopa-report.html'), 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    // Whole, with nothing left beside it.
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  test('the page: the card, a viewer for the failure, every fixture listed; nothing fetched', async () => {
    const out = join(dir, 'demo.html');
    const ran = await runCli(['run', 'runner/testdata/run/demo', '--reporter', 'html', '--out', out]);
    expect(ran.code).toBe(1);
    const html = await readFile(out, 'utf8');
    expect(html).toContain('<h2>Report card: 1 rule broken</h2>');
    expect(html).toContain('SWEEP-POINT (emptying the table scores)');
    expect(html.match(/<tr data-status="/g)).toHaveLength(4);
    expect(html.match(/<tr data-status="failed">/g)).toHaveLength(1);
    expect(html.match(/<div class="viewer" data-game="0"><\/div>/g)).toHaveLength(1);
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html).not.toMatch(/<link\b|\bsrc=|url\(|@import|https?:\/\//);
    expect(html).toContain("default-src 'none'");

    const { games } = embedded(html);
    expect(games).toHaveLength(1);
    const game = games[0] as ReportData['games'][number];
    expect(game.steps.map((step) => step.label)).toEqual([
      'round 1: the deal',
      'round 1, play 1: seat 0 plays 10C and takes [2D 3C 4H 1S]',
      'round 1, play 2: seat 1 plays 7H and takes nothing (a trail)',
      'round 1, play 3: seat 0 plays 7C and takes [7H]',
      'round 1, play 4: seat 1 plays 9D and takes nothing (a trail)',
    ]);
    const [finding] = game.findings;
    expect(finding).toMatchObject({ step: 3, rule: 'SWEEP-POINT', expected: 'trail {seat: 1, card: 9D}', actual: 'sweep {seat: 0, points: 1}' });
    // The event that diverges is the engine's, at the divergence's step.
    expect(game.engine.events[finding?.eventIndex ?? -1]).toEqual({ step: 3, text: 'sweep {seat: 0, points: 1}' });
    expect(game.reference.data[0]?.type).toBe('deal');
  });

  test('a hostile title and engine message are text, wherever they are shown', async () => {
    const out = join(dir, 'hostile.html');
    const ran = await runCli(['run', 'hostile', '--adapter', 'refusing-adapter.mts', '--reporter', 'html', '--out', out], { cwd: dir });
    expect(ran.code).toBe(1);
    const html = await readFile(out, 'utf8');
    expect(html).not.toContain('alert("x")</script>');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/[\u0000\u001b\u2028\u2029]/);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const { games } = embedded(html);
    expect(games[0]?.engine.refusal).toEqual({
      step: 1,
      text: 'refuses it: MUST_CAPTURE: </script><script>alert("x")</script><img src=x onerror=alert(1)> \'q\' & \\u001b[31m\\u0000\\u2028\\u2029',
    });
  });

  test('the corpus, the games and the probes counted apart, as the pretty report counts them, with what they found', async () => {
    const out = join(dir, 'parts.html');
    const adapter = join(REPO_ROOT, 'runner/testdata/last-play-sweeps-adapter.ts');
    // One game, which the engine fails under SWEEP-LAST-PLAY, and one probe; the one fixture named is filtered out.
    const argv = ['run', 'runner/testdata/hostile/engines/fixtures/one-play.yaml', '--games', '1', '--probes', '1', '--seed', '2', '--variant', 'pagat', '--filter', '*/pagat/p2-s2', '--adapter', adapter];
    const ran = await runCli([...argv, '--reporter', 'html', '--out', out]);
    expect(ran.code, ran.stderr).toBe(1);
    const html = await readFile(out, 'utf8');
    const pretty = (await runCli(argv)).stdout;
    const lines = pretty.split('\n').filter((line) => /^(CORPUS|GAMES|PROBES) /.test(line));
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['CORPUS', 'GAMES', 'GAMES', 'GAMES', 'PROBES', 'PROBES']);
    const header = html.slice(html.indexOf('<header>'), html.indexOf('</header>'));
    // Each part's counts in the counts' style, what it exercised and found muted, in the words of the pretty report.
    const shown = [...header.matchAll(/<p class="(counts|muted)">((?:CORPUS|GAMES|PROBES) [^<]*)<\/p>/g)].map(([, kind, text]) => [kind, text]);
    expect(shown).toEqual(lines.map((line) => [/^\w+ \d+ (fixtures|games?|probes?): /.test(line) ? 'counts' : 'muted', escapeHtml(line)]));
    expect(header).toContain('<p class="counts">CORPUS 0 fixtures: 0 passed, 0 failed, 0 skipped, 0 errored</p>');
    expect(header).toContain('<p class="counts">GAMES 1 game: 0 passed, 1 failed, 0 skipped, 0 errored (1 per setting of the engine&#39;s rules, 1 setting, seed 2)</p>');
    expect(header).toMatch(/<p class="counts">PROBES 1 probe: 1 passed, 0 failed, 0 skipped, 0 errored \(1 per setting of the engine&#39;s rules, 1 setting, seed 2\)<\/p>/);
    expect(header).toContain('<p class="muted">GAMES found SWEEP-LAST-PLAY broken in games/pagat/p2-s2 (shrunk to 1 round, 36 plays: run-findings/sweep-last-play-games-pagat-p2-s2 in --reporter json): npx scopa-conformance run --games 1 --seed 2');
  });

  test('usage mistakes: --out without --reporter html, --out naming a directory or a FIFO', async () => {
    const stray = await runCli(['run', 'runner/testdata/run/demo', '--out', join(dir, 'x.html')]);
    expect(stray).toMatchObject({ code: 2, stdout: '' });
    expect(stray.stderr).toContain('--out names the file of --reporter html; other reporters write to stdout');
    const folder = await runCli(['run', 'runner/testdata/run/demo', '--reporter', 'html', '--out', dir]);
    expect(folder).toMatchObject({ code: 2, stdout: '' });
    expect(folder.stderr).toContain(`--out: ${dir} is a directory; give the file to write`);
    // Never replaced by a file: a FIFO (or a device) where the report would go.
    const fifo = join(dir, 'fifo.html');
    execFileSync('mkfifo', [fifo]);
    const special = await runCli(['run', 'runner/testdata/run/demo', '--reporter', 'html', '--out', fifo]);
    expect(special).toMatchObject({ code: 2, stdout: '' });
    expect(special.stderr).toContain(`--out: ${fifo} is a FIFO (named pipe); only a regular file is written`);
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    // A page of the user's is not replaced without --force; a report an earlier run wrote is.
    const notes = join(dir, 'notes.html');
    await writeFile(notes, '<!DOCTYPE html>\n<title>my notes</title>\n');
    const mine = await runCli(['run', 'runner/testdata/run/demo', '--reporter', 'html', '--out', notes]);
    expect(mine).toMatchObject({ code: 2, stdout: '' });
    expect(mine.stderr).toContain(`--out: ${notes} exists and is not an HTML report scopa-conformance wrote; --force replaces it`);
    expect(await readFile(notes, 'utf8')).toBe('<!DOCTYPE html>\n<title>my notes</title>\n');
    expect(await runCli(['run', 'runner/testdata/run/demo', '--reporter', 'html', '--out', notes, '--force'])).toMatchObject({ code: 1, stderr: '' });
    expect(await runCli(['run', 'runner/testdata/run/demo', '--reporter', 'html', '--out', notes])).toMatchObject({ code: 1, stderr: '' });
    expect(await readFile(notes, 'utf8')).toContain('<title>scopa-conformance: reference engine</title>');
  });
});

describe('fuzz --reporter html', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scopa-html-fuzz-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('the shrunk games as a page named by --html; --out stays the findings folder', async () => {
    const adapter = join(REPO_ROOT, 'runner/testdata/last-play-sweeps-adapter.ts');
    const ran = await runCli(['fuzz', '--adapter', adapter, '--games', '30', '--out', 'found', '--reporter', 'html', '--html', 'fuzz.html'], { cwd: dir });
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stdout).toMatch(/^fuzz: 30 games from seed 1 in .*written: found\/sweep-last-play-s\d+\.yaml\nHTML report: fuzz\.html\n$/);
    const html = await readFile(join(dir, 'fuzz.html'), 'utf8');
    expect(html).toContain('<h2>Report card: 1 rule broken</h2>');
    expect(html).toMatch(/<p class="muted">fuzz: 30 games from seed 1 /);
    expect(embedded(html).games.map((game) => game.findings.map((finding) => finding.rule))).toEqual([['SWEEP-LAST-PLAY']]);
  });

  test('--html without --reporter html is a usage mistake', async () => {
    const ran = await runCli(['fuzz', '--adapter', 'runner/testdata/last-play-sweeps-adapter.ts', '--html', join(dir, 'x.html')]);
    expect(ran).toMatchObject({ code: 2, stdout: '' });
    expect(ran.stderr).toContain('--html names the file of --reporter html');
  });
});

test("the page's own script and style cannot end their elements", async () => {
  for (const name of ['viewer.js', 'report.css']) {
    const text = await readFile(join(REPO_ROOT, 'runner/report/html', name), 'utf8');
    expect(text).not.toMatch(/<\/(script|style)/i);
  }
});
