// The HTML report in a real browser: headless Chromium (Debian's package) driven by playwright-core. Skipped, with a
// note, where no Chromium is installed; CI installs it and names it in SCOPA_CHROMIUM, so that there it must run.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import type { ReportData } from './html/view-types.ts';

const CHROMIUM = process.env.SCOPA_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const MISSING = 'no Chromium found (apt-get install chromium, or set SCOPA_CHROMIUM to its path): the HTML report is not tested in a browser';
if (CHROMIUM === undefined) console.warn(`note: ${MISSING}`);

const HOSTILE_TITLE = '</script><script>alert("title")</script><img src=x onerror=alert(1)> \'q\' "q"';

describe.skipIf(CHROMIUM === undefined)('the HTML report in Chromium', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  const dialogs: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scopa-html-browser-'));
    // pagat's games on an engine that scores a sweep made by a round's last play: SWEEP-LAST-PLAY broken.
    const ran = await runCli(['run', 'fixtures/pagat', '--adapter', 'runner/testdata/last-play-sweeps-adapter.ts', '--reporter', 'html', '--out', join(dir, 'report.html')]);
    expect(ran.code, ran.stderr).toBe(1);
    browser = await chromium.launch({ executablePath: CHROMIUM as string });
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) pageErrors.push(`fetched ${request.url()}`);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('the card shows the broken rule; its worked example steps to the divergence, expected beside actual', async () => {
    await page.goto(pathToFileURL(join(dir, 'report.html')).href);
    const rule = page.locator('#card article.rule').filter({ hasText: 'SWEEP-LAST-PLAY' });
    await expect.poll(() => rule.locator('.rule-name').textContent()).toContain("SWEEP-LAST-PLAY (a sweep on the round's last play)");

    // The worked example's link opens its failure, whose viewer starts at the first step.
    await rule.locator('p.muted a').click();
    const section = page.locator('details.problem[open]');
    await expect.poll(() => section.count()).toBe(1);
    const viewer = section.locator('.viewer');
    const label = viewer.locator('.step-label');
    await expect.poll(() => label.textContent()).toMatch(/^step 1 of \d+: round 1: the deal$/);
    expect(await viewer.locator('.panel').filter({ hasText: /^table/ }).locator('.card').count()).toBeGreaterThan(0);

    // Step by step: the next button, then the arrow key.
    await viewer.getByRole('button', { name: 'next step' }).click();
    await expect.poll(() => label.textContent()).toMatch(/^step 2 of \d+: round 1, play 1: seat \d plays /);
    await viewer.press('ArrowRight');
    await expect.poll(() => label.textContent()).toMatch(/^step 3 of \d+: round 1, play 2: /);

    // To the divergence: the engine's sweep on the last play, against what the fixture expects there.
    await viewer.getByRole('button', { name: 'go to the divergence of SWEEP-LAST-PLAY' }).click();
    await expect.poll(() => label.textContent()).toMatch(/\(divergence\)$/);
    const box = viewer.locator('.divergence-box');
    expect(await box.locator('strong').textContent()).toContain('SWEEP-LAST-PLAY');
    const expected = (await box.locator('.side.expected').textContent()) ?? '';
    const actual = (await box.locator('.side.actual').textContent()) ?? '';
    expect(actual).toMatch(/^actualsweep \{seat: \d, points: 1\}$/);
    expect(expected).toMatch(/^expected/);
    expect(expected.slice('expected'.length)).not.toBe(actual.slice('actual'.length));
    expect(await viewer.locator('li.at-divergence').textContent()).toMatch(/^sweep \{seat: \d, points: 1\}$/);

    // What the box says is what the run found.
    const html = await readFile(join(dir, 'report.html'), 'utf8');
    const data = JSON.parse(/<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as ReportData;
    const findings = data.games.flatMap((game) => game.findings).filter((finding) => finding.rule === 'SWEEP-LAST-PLAY');
    expect(findings.map((finding) => `expected${finding.expected} actual${finding.actual}`)).toContain(`${expected} ${actual}`);
    expect(pageErrors).toEqual([]);
  });

  test('the fixture list filters by outcome and by text', async () => {
    const rows = page.locator('table.fixtures tbody tr');
    const visible = () => rows.evaluateAll((all) => all.filter((row) => !(row as HTMLElement).hidden).length);
    const total = await rows.count();
    await page.locator('.filters button[data-filter="failed"]').click();
    const failed = await visible();
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(total);
    await page.locator('#fixture-search').fill('no fixture is called this');
    expect(await visible()).toBe(0);
    await page.locator('#fixture-search').fill('');
    await page.locator('.filters button[data-filter="all"]').click();
    expect(await visible()).toBe(total);
  });

  test('a hostile fixture title is shown as text, and runs nothing', async () => {
    const fixture = await readFile(join(REPO_ROOT, 'runner/testdata/run/demo/fail-01.yaml'), 'utf8');
    await mkdir(join(dir, 'demo'));
    await writeFile(join(dir, 'demo', 'fail-01.yaml'), fixture.replace(/^title: .*$/m, `title: ${JSON.stringify(HOSTILE_TITLE)}`));
    const ran = await runCli(['run', 'demo', '--reporter', 'html', '--out', 'hostile.html'], { cwd: dir });
    expect(ran.code, ran.stderr).toBe(1);
    await page.goto(pathToFileURL(join(dir, 'hostile.html')).href);
    await page.locator('details.problem summary').first().click();
    expect(await page.locator('details.problem p.muted').first().textContent()).toContain(HOSTILE_TITLE);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(2);
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
