// The compare report in a real browser: headless Chromium (Debian's package) driven by playwright-core, as the run
// report's test does. Skipped, with a note, where no Chromium is installed; CI names it in SCOPA_CHROMIUM.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';
import { buildMutant, type BuiltMutant } from '../mutants/apply.ts';
import { MUTANTS } from '../mutants/catalog.ts';

const CHROMIUM = process.env.SCOPA_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
if (CHROMIUM === undefined) console.warn('note: no Chromium found (apt-get install chromium, or set SCOPA_CHROMIUM to its path): the compare report is not tested in a browser');

const HOSTILE_TITLE = '</script><script>alert("title")</script><img src=x onerror=alert(1)> \'q\' "q"';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.skipIf(CHROMIUM === undefined)('the compare report in Chromium', () => {
  let dir: string;
  let built: BuiltMutant[] = [];
  let browser: Browser;
  let page: Page;
  const dialogs: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scopa-compare-browser-'));
    built = await Promise.all(['sweep-on-last-play', 'rank-priority-ignored'].map((name) => buildMutant(MUTANTS.find((mutant) => mutant.name === name) as (typeof MUTANTS)[number])));
    // A fixture the bug fails, under a title that would be markup if it were not escaped.
    const fixture = await readFile(join(REPO_ROOT, 'fixtures/pagat/cap-rank-priority-05.yaml'), 'utf8');
    await mkdir(join(dir, 'pagat'));
    await writeFile(join(dir, 'pagat/cap-rank-priority-05.yaml'), fixture.replace(/^title: .*$/m, `title: ${JSON.stringify(HOSTILE_TITLE)}`));
    await writeFile(join(dir, 'last-play.yaml'), stringify({ variants: [{ id: 'pagat', rules: { sweep: { lastPlay: true } } }] }));
    const engines = [{ name: 'reference' }, { name: 'last-play', engine: built[0]?.engineCommand, profile: 'last-play.yaml' }, { name: 'rank-bug', engine: built[1]?.engineCommand }];
    await writeFile(join(dir, 'engines.yaml'), stringify({ engines }));
    const fixtures = ['cap-rank-priority-01', 'sweep-last-play-01', 'end-target-01'].map((id) => join(REPO_ROOT, `fixtures/pagat/${id}.yaml`));
    const ran = await runCli(['compare', join(dir, 'engines.yaml'), ...fixtures, join(dir, 'pagat/cap-rank-priority-05.yaml'), '--reporter', 'html', '--out', join(dir, 'compare.html')]);
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
    await page.goto(pathToFileURL(join(dir, 'compare.html')).href);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(built.map((mutant) => mutant.remove()));
    await rm(dir, { recursive: true, force: true });
  });

  test('the page shows the matrix: a screenshot of it, in view, each engine a column', async () => {
    const matrix = page.locator('table.matrix');
    expect(await matrix.locator('thead th').allTextContents()).toEqual(['rule', 'reference', 'last-play', 'rank-bug']);
    const box = await matrix.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    const shot = await page.screenshot({ fullPage: true });
    expect(shot.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const width = shot.readUInt32BE(16);
    const height = shot.readUInt32BE(20);
    expect(width).toBe(1200);
    expect(height).toBeGreaterThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));
    // A blank page compresses to almost nothing; the matrix's cells and text do not.
    expect((await matrix.screenshot()).length).toBeGreaterThan(10_000);
  });

  test('a failing cell opens its divergences; the switch keeps only the rules that tell the engines apart', async () => {
    const row = page.locator('table.matrix tbody tr').filter({ hasText: 'CAP-RANK-PRIORITY' });
    expect(await row.locator('td').allTextContents()).toEqual(['passed 2', 'passed 2', 'failed 2']);
    await row.locator('td.cell.failed a').click();
    const opened = page.locator('details.cell-failures[open]');
    await expect.poll(() => opened.count()).toBe(1);
    expect(await opened.locator('summary').textContent()).toBe('CAP-RANK-PRIORITY on rank-bug: 2 fixtures or games');
    expect(await opened.locator('pre.report').first().textContent()).toContain('CAPTURE_RANK_PRIORITY');

    const rows = page.locator('table.matrix tbody tr');
    const visible = () => rows.evaluateAll((all) => all.filter((each) => !(each as HTMLElement).hidden).map((each) => each.querySelector('code')?.textContent));
    const every = await visible();
    await page.locator('#telling-only').click();
    // Rank priority, which the bug breaks, and the choice of capture, which its two failures leave not judged.
    expect(await visible()).toEqual(['CAP-RANK-PRIORITY', 'CAP-CHOICE']);
    await page.locator('#telling-only').click();
    expect(await visible()).toEqual(every);
    expect(every.length).toBeGreaterThan(2);
    // The headline counts the rows the switch keeps.
    expect(await page.locator('#matrix h2').textContent()).toBe(`Rules by engine: ${every.length} rules checked; 2 rules telling the engines apart (their cells' statuses differ)`);
  });

  test('the census and the disagreements: the declared reading, and the bug beside the reference', async () => {
    expect(await page.locator('table.census tbody th').allTextContents()).toEqual([
      'AMB-17 A sweep on the last play',
      'AMB-46 PlayPalace point 9: when a sweep scores',
      'AMB-63 Is the ace\'s taking of the table a sweep?',
    ]);
    const answers = page.locator('article.disagreement').first().locator('table.answers');
    expect(await answers.locator('th').allTextContents()).toEqual(['reference', 'rank-bug']);
    expect(await answers.locator('td').first().textContent()).toBe('passed');
  });

  test('a hostile fixture title is shown as text, and runs nothing', async () => {
    expect(await page.locator('article.disagreement h3').filter({ hasText: 'cap-rank-priority-05' }).textContent()).toContain(HOSTILE_TITLE);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1);
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
