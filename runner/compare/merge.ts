/**
 * `compare --merge`: the reports of a comparison run apart (each engine, or each shard of one, as its own CI job)
 * put back together as the comparison of one run. Every engine of the engines file must be there, run as the file
 * says, and each engine's shards must be the whole of one run, as `merge` puts a run's shards together.
 * @module
 */
import { engineName } from '../engines/engine.ts';
import { mergeShardReports } from '../report/merge.ts';
import { isGame, isProbe } from '../run/generated-games.ts';
import { type EngineOutcome, generatedOf, generatedSummariesOf, type RunFixture } from './comparison.ts';
import type { ComparedEngine } from './engines-file.ts';
import type { EngineRead } from './json.ts';

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
const filesOf = (reads: readonly EngineRead[]): string => [...new Set(reads.map((read) => read.shard.file))].join(', ');

/** What an engine declares, as its reports write it: the same in every report of one run. */
const declarationsOf = ({ outcome }: EngineRead): string => JSON.stringify([outcome.profile, outcome.profileDigest, outcome.knownBugs, outcome.readings]);

/**
 * How an engine's profile or known bugs, as the engines file declares them now, differ from what its report was
 * judged under (its profile's file and what it declared, its known-bugs file and bugs), in words; undefined where
 * they do not.
 */
function changedDeclarations(engine: ComparedEngine, { outcome }: EngineRead): string | undefined {
  const named = (file: string | undefined): string => (file === undefined ? 'none' : JSON.stringify(file));
  if (outcome.profile !== engine.profile?.file) return `its reports were judged under profile ${named(outcome.profile)}, where the engines file now gives ${named(engine.profile?.file)}`;
  if (engine.profile !== undefined && outcome.profileDigest !== engine.profile.digest) {
    return outcome.profileDigest === undefined
      ? `its reports do not say what its profile ${named(engine.profile.file)} declared when they were made (an older compare wrote them)`
      : `its profile ${named(engine.profile.file)} now declares other than when its reports were made`;
  }
  if (outcome.knownBugs !== engine.knownBugs?.file) return `its reports were judged with known bugs ${named(outcome.knownBugs)}, where the engines file now gives ${named(engine.knownBugs?.file)}`;
  const bugs = (list: readonly { name: string }[] | undefined): string => (list === undefined || list.length === 0 ? 'none' : list.map((bug) => bug.name).join(', '));
  if (bugs(outcome.summary.knownBugs) !== bugs(engine.knownBugs?.bugs)) return `its reports were judged with the known bugs ${bugs(outcome.summary.knownBugs)}, where ${named(engine.knownBugs?.file)} now names ${bugs(engine.knownBugs?.bugs)}`;
  return undefined;
}

/** Each engine's outcome, in the engines file's order; or every reason the reports are not one comparison. */
export function mergeComparisons(engines: readonly ComparedEngine[], reads: readonly EngineRead[]): { ok: true; value: EngineOutcome[] } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const listed = new Set(engines.map((engine) => engine.name));
  for (const read of reads) {
    if (!listed.has(read.outcome.name)) problems.push(`${read.shard.file} holds engine "${read.outcome.name}", which the engines file does not list`);
  }
  const outcomes: EngineOutcome[] = [];
  for (const engine of engines) {
    const own = reads.filter((read) => read.outcome.name === engine.name);
    const [first] = own;
    if (first === undefined) {
      problems.push(`no report holds engine "${engine.name}" (given: ${filesOf(reads)})`);
      continue;
    }
    const command = engineName(engine.spec);
    const other = own.filter((read) => read.shard.engine !== command);
    if (other.length > 0) {
      problems.push(`${filesOf(other)}: engine "${engine.name}" was run as ${JSON.stringify((other[0] as EngineRead).shard.engine)}, where the engines file has ${JSON.stringify(command)}`);
      continue;
    }
    if (own.some((read) => declarationsOf(read) !== declarationsOf(first))) {
      problems.push(`the reports of engine "${engine.name}" declare different profiles, known bugs or readings: ${filesOf(own)}`);
      continue;
    }
    const changed = changedDeclarations(engine, first);
    if (changed !== undefined) {
      problems.push(`${filesOf(own)}: engine "${engine.name}": ${changed}: run its jobs again, or merge with the engines file they ran with`);
      continue;
    }
    const merged = mergeShardReports(own.map((read) => read.shard));
    if (!merged.ok) {
      problems.push(...merged.problems.map((problem) => `engine "${engine.name}": ${problem}`));
      continue;
    }
    const held = new Map(own.flatMap((read) => [...read.outcome.fixtures]));
    // In the merged run's order, as one run lists them.
    const fixtures = new Map(merged.value.results.map((result) => [result.id, held.get(result.id) as RunFixture]));
    // Each shard's probes expect some of the refusals; the whole run's, every one of them.
    const generated = { ...generatedOf(first.outcome.summary), refusals: own.flatMap((read) => read.outcome.summary.probes?.refusals ?? []) };
    const summary = { ...merged.value, ...generatedSummariesOf(merged.value.results, fixtures, generated) };
    outcomes.push({ ...first.outcome, summary, fixtures });
  }
  problems.push(...selectionProblems(outcomes));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: outcomes };
}

/**
 * Where the engines' runs were not made from one selection, as one compare makes them: each must hold the same
 * fixtures of the corpus (not applicable ones included) and the same number of games and of probes per setting from
 * the same seed (the settings themselves are each profile's).
 */
function selectionProblems(outcomes: readonly EngineOutcome[]): string[] {
  const [first, ...others] = outcomes;
  if (first === undefined) return [];
  const corpusOf = (outcome: EngineOutcome): Set<string> => new Set(outcome.summary.results.map((result) => result.id).filter((id) => !isGame(id) && !isProbe(id)));
  const budgetOf = ({ summary }: EngineOutcome): string => {
    const made = [summary.games === undefined ? [] : [plural(summary.games.perSetting, 'game')], summary.probes === undefined ? [] : [plural(summary.probes.perSetting, 'probe')]].flat();
    const seed = (summary.games ?? summary.probes)?.seed;
    return seed === undefined ? 'no games or probes' : `${made.join(' and ')} per setting from seed ${seed}`;
  };
  const corpus = corpusOf(first);
  const problems: string[] = [];
  for (const other of others) {
    const theirs = corpusOf(other);
    const onlyFirst = [...corpus].filter((id) => !theirs.has(id));
    const onlyOther = [...theirs].filter((id) => !corpus.has(id));
    if (onlyFirst.length + onlyOther.length > 0) {
      const example = onlyFirst.length > 0 ? `only "${first.name}" ran ${onlyFirst[0]}` : `only "${other.name}" ran ${onlyOther[0]}`;
      problems.push(`engines "${first.name}" and "${other.name}" ran different fixtures (${corpus.size} and ${theirs.size}; ${example}): every job must run the same selection`);
    }
    if (budgetOf(other) !== budgetOf(first)) problems.push(`engine "${first.name}" ran ${budgetOf(first)}, engine "${other.name}" ${budgetOf(other)}: every job must run the same --games, --probes and --seed`);
  }
  return problems;
}
