// The worked example of README.md, "Comparing engines": examples/compare/engines.yaml run as the README runs it, every
// line the README shows found in what it prints, in the same order (a duration may differ), so that neither rots.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT, runCli } from '../cli/cli-harness.ts';

/** The README's command of the example, and the lines it shows of the output ("..." where it leaves some out). */
async function readmeExample(): Promise<{ argv: string[]; shown: string[] }> {
  const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /^### Comparing engines\n([\s\S]*?)^##/m.exec(readme)?.[1];
  const blocks = /```sh\nnpx scopa-conformance (compare examples\/compare\/engines\.yaml[^\n]*)\n```\n\n```text\n([\s\S]*?)```/.exec(section ?? '');
  if (blocks === null) throw new Error('README.md, "Comparing engines": no sh block running examples/compare/engines.yaml, followed by a text block of its output');
  return { argv: (blocks[1] as string).split(' '), shown: (blocks[2] as string).trimEnd().split('\n') };
}

/** A line with its durations (`0.82 s`) made alike. */
const timeless = (line: string): string => line.replace(/\d+\.\d\d s\b/g, 'N s');

test('the README runs examples/compare/engines.yaml and shows what it prints', async () => {
  const { argv, shown } = await readmeExample();
  const ran = await runCli(argv);
  expect(ran.code, ran.stderr).toBe(1);
  const printed = ran.stdout.split('\n').map(timeless);
  let from = 0;
  for (const line of shown) {
    if (line === '...') continue;
    const at = printed.indexOf(timeless(line), from);
    expect(at, `README.md, "Comparing engines", shows a line the command does not print (or not after the line before it); write the example again from what it prints:\n${line}`).toBeGreaterThanOrEqual(0);
    from = at + 1;
  }
  // The block read is the example's output, not a stub of it.
  expect(shown.filter((line) => line !== '...').length).toBeGreaterThan(20);
  expect(ran.stdout).toContain('compare of 4 engines: ');
}, 120_000);
