/**
 * The README's picture of the HTML report (docs/report.png): pagat's games on an engine that scores a sweep made
 * by a round's last play, the report opened in headless Chromium at that rule's worked example, stepped to the
 * divergence. Run `npx tsx runner/report/html/screenshot.ts [chromium path]` after changing the report's look.
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { REPO_ROOT, runCli } from '../../cli/cli-harness.ts';

const executablePath = process.argv[2] ?? process.env.SCOPA_CHROMIUM ?? '/usr/bin/chromium';
const dir = await mkdtemp(join(tmpdir(), 'scopa-screenshot-'));
const browser = await chromium.launch({ executablePath });
try {
  const report = join(dir, 'report.html');
  await runCli(['run', 'fixtures/pagat', '--filter', 'pagat/end-*', '--adapter', 'runner/testdata/last-play-sweeps-adapter.ts', '--reporter', 'html', '--out', report]);
  const page = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
  await page.goto(pathToFileURL(report).href);
  const rule = page.locator('#card article.rule').filter({ hasText: 'SWEEP-LAST-PLAY' });
  await rule.locator('p.muted a').click();
  const viewer = page.locator('details.problem[open] .viewer');
  await viewer.getByRole('button', { name: 'go to the divergence of SWEEP-LAST-PLAY' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(REPO_ROOT, 'docs', 'report.png'), fullPage: false });
  console.log('wrote docs/report.png');
} finally {
  await browser.close();
  await rm(dir, { recursive: true, force: true });
}
