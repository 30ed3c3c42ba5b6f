import { describe, expect, test } from 'vitest';
import { runReadingAhead } from './read-ahead.ts';

/** A run whose steps are logged in order; each run waits a macrotask, as an engine in a process would. */
function loggedRun(inputs: string[], stopAfter = Infinity) {
  const log: string[] = [];
  const results: [number, string][] = [];
  const done = runReadingAhead(
    inputs,
    async (input) => {
      log.push(`load ${input}`);
      return input.toUpperCase();
    },
    async (loaded) => {
      log.push(`run ${loaded}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.push(`ran ${loaded}`);
      return `${loaded}!`;
    },
    (index, result) => {
      results.push([index, result]);
      return results.length < stopAfter;
    },
  );
  return { log, results, done };
}

describe('runReadingAhead', () => {
  test('each result in input order, each input loaded while the one before it runs', async () => {
    const { log, results, done } = loggedRun(['a', 'b', 'c']);
    await done;
    expect(results).toEqual([
      [0, 'A!'],
      [1, 'B!'],
      [2, 'C!'],
    ]);
    expect(log).toEqual(['load a', 'run A', 'load b', 'ran A', 'run B', 'load c', 'ran B', 'run C', 'ran C']);
  });

  test('no more runs once onResult says stop; one load at most is left over', async () => {
    const { log, results, done } = loggedRun(['a', 'b', 'c', 'd'], 2);
    await done;
    expect(results.map(([index]) => index)).toEqual([0, 1]);
    expect(log).toEqual(['load a', 'run A', 'load b', 'ran A', 'run B', 'load c', 'ran B']);
  });

  test('nothing to run', async () => {
    const { log, results, done } = loggedRun([]);
    await done;
    expect(log).toEqual([]);
    expect(results).toEqual([]);
  });

  test("a run's rejection is the whole run's", async () => {
    const seen: number[] = [];
    const run = runReadingAhead(
      [1, 2, 3],
      async (n) => n,
      async (n) => {
        if (n === 2) throw new Error('engine gone');
        return n;
      },
      (_, n) => seen.push(n) > 0,
    );
    await expect(run).rejects.toThrow('engine gone');
    expect(seen).toEqual([1]);
  });
});
