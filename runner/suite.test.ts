import { describe, expect, test } from 'vitest';
import { referenceEngine } from './engines/engine.ts';
import { schemaCheckedItems } from './run/corpus-items.ts';
import { runFixture } from './run/replay.ts';

// The whole corpus on the reference engine, one test per fixture (the suite `npm start` runs, as tests). The
// fixtures' meaning is checked by `validate` and by the mutants test; here they are only read, so that Stryker
// sees which test runs what.
const items = await schemaCheckedItems();
const byVariant = new Map<string, typeof items>();
for (const item of items) byVariant.set(item.fixture.variant, [...(byVariant.get(item.fixture.variant) ?? []), item]);

describe.each([...byVariant.keys()].sort())('%s fixtures on the reference engine', (variant) => {
  const engine = referenceEngine();
  test.each((byVariant.get(variant) ?? []).map((item) => [item.fixture.id, item] as const))('%s', async (_, item) => {
    const result = await runFixture(engine, item);
    expect(result.outcome, result.report ?? result.message).toBe('passed');
  });
});
