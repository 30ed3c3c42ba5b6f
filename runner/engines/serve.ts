/**
 * The reference engine behind the engine protocol (spec/PROTOCOL.md): answers hello, replay, legal and
 * legal-positions requests read one JSON line at a time. Used by `scopa-conformance engine`.
 * @module
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { LegalPosition, ReplayRequest } from '../fixture/fixture.ts';
import { PROTOCOL_VERSION } from './engine.ts';
import { legalAtPositions, PLAIN_REFERENCE, type Reference, replayOnReference, replayToPosition } from './reference.ts';

interface Request {
  cmd?: unknown;
  id?: unknown;
  game?: ReplayRequest;
  positions?: LegalPosition[];
}

function answer(request: Request, version: string, reference: Reference): Record<string, unknown> {
  switch (request.cmd) {
    case 'hello':
      return { protocol: PROTOCOL_VERSION, engine: { name: 'scopa-conformance reference', version, language: 'typescript' }, variants: '*', capabilities: ['legal', 'legal-positions', 'table-claim'] };
    case 'replay':
      return { ...replayOnReference(request as unknown as ReplayRequest, reference) };
    case 'legal': {
      if (request.game === undefined) return { error: 'legal needs a "game"' };
      const { reply, state } = replayToPosition(request.game, undefined, reference);
      if (reply.rejection !== undefined || state === undefined) return { error: `the position cannot be reached: ${reply.rejection?.message}` };
      return { decisions: reference.legalDecisions(state) };
    }
    case 'legal-positions':
      if (request.game === undefined || !Array.isArray(request.positions)) return { error: 'legal-positions needs a "game" and "positions"' };
      return { decisions: legalAtPositions(request.game, request.positions, reference) };
    default:
      return { error: `unknown command ${JSON.stringify(request.cmd)}` };
  }
}

/** Serves requests until `bye` or the end of input, answered by `reference` (the plain one, or one playing known bugs). */
export async function serve(input: Readable, output: Writable, version: string, reference: Reference = PLAIN_REFERENCE): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let request: Request;
    try {
      request = JSON.parse(line) as Request;
    } catch {
      output.write(`${JSON.stringify({ id: null, error: 'the request is not JSON' })}\n`);
      continue;
    }
    if (request.cmd === 'bye') break;
    let reply: Record<string, unknown>;
    try {
      reply = answer(request, version, reference);
    } catch (error) {
      reply = { error: `reference engine failure: ${(error as Error).stack ?? String(error)}` };
    }
    output.write(`${JSON.stringify({ id: request.id, ...reply })}\n`);
  }
  lines.close();
}
