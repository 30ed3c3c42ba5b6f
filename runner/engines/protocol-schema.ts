/**
 * `--validate-protocol`: protocol messages checked against spec/protocol/. A replay answer is checked as far as
 * the engine reports (its profile): what is not compared need not be there, as PROTOCOL.md's reporting levels
 * say, and everything else is checked as strictly as for an engine that reports every event.
 * @module
 */
import type { EventType } from '../../reference/index.ts';
import { checkAgainstSchema, type SchemaProblem } from '../load/schemas.ts';
import { pointerTo } from '../load/yaml-source.ts';
import { isCompared, type Reporting } from '../profile/profile.ts';

const inWords = (problems: readonly SchemaProblem[]): string | undefined =>
  problems.length === 0 ? undefined : problems.map((p) => `${p.pointer || '/'}: ${p.message}`).join('; ');

/** What is wrong with a message under a protocol schema (`protocol/replay`, `protocol/legal#/$defs/response`), in one line. */
export const protocolProblem = (schema: string, message: unknown): string | undefined => inWords(checkAgainstSchema(schema, message));

/**
 * What is wrong with a replay answer, in one line. Its envelope (id, rejection, skipped, error) is checked as it
 * is, and each event on its own, where the engine reports it: an event of a type it does not report is ignored, and
 * so is a field it omits, missing or sent.
 */
export function replayAnswerProblem(answer: Record<string, unknown>, reporting: Reporting): string | undefined {
  const { events } = answer;
  if (!Array.isArray(events)) return protocolProblem('protocol/replay#/$defs/response', answer);
  const envelope = checkAgainstSchema('protocol/replay#/$defs/response', { ...answer, events: [] });
  const eventProblems = events.flatMap((event: unknown, index) =>
    reportedEventProblems(event, reporting).map((problem) => ({ ...problem, pointer: pointerTo('events', index) + problem.pointer })),
  );
  return inWords([...envelope, ...eventProblems]);
}

function reportedEventProblems(event: unknown, reporting: Reporting): SchemaProblem[] {
  const type = (event as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && !isCompared(reporting, type)) return [];
  const omitted = reporting.omitted.get(type as EventType);
  const problems = checkAgainstSchema('fixture#/$defs/event', event);
  if (omitted === undefined) return problems;
  // The event's own field a problem is about: the key missing from it, or the first step of the path into it.
  const fieldOf = (problem: SchemaProblem): string | undefined => (problem.pointer === '' ? problem.missingKey : problem.pointer.split('/')[1]);
  const category = (event as { category?: unknown }).category;
  const omits = (field: string): boolean => omitted.has(field) || (typeof category === 'string' && omitted.has(`${category}.${field}`));
  return problems.filter((problem) => !omits(fieldOf(problem) ?? ''));
}
