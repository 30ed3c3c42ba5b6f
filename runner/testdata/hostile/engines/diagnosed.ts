// An external engine for the diagnose cases of cases.yaml: the reference, wrong in the one way its argument names.
//   red-deck-sweeps   a sweep by a round's last play scores, but only where the round's deck starts with a red card
//                     (diamonds or hearts): a bug that the reading sweep.lastPlay: true half explains
//   unsteady          the second time it is asked a game, it leaves out the game's last event
//   unsteady-for-three the same, in games of three players only
//   unsteady-legal    offers legal-positions, and the second time it is asked a game's, leaves out each last decision
//   dies-every-replay exits at every replay
//   dies-at-40        exits at its 40th replay, and at every 40th replay of the fresh process the runner starts
//   exits-on-bye-only plays as the reference, and goes on running after its input ends: only bye stops it
// Run with `node --import tsx runner/testdata/hostile/engines/diagnosed.ts <mode>`.
import { createInterface } from 'node:readline';
import { legalAtPositions, replayOnReference } from '../../../engines/reference.ts';
import type { LegalPosition, ReplayRequest } from '../../../fixture/fixture.ts';

const MODES = ['red-deck-sweeps', 'unsteady', 'unsteady-for-three', 'unsteady-legal', 'dies-every-replay', 'dies-at-40', 'exits-on-bye-only'] as const;
const mode = process.argv[2] as (typeof MODES)[number];
if (!MODES.includes(mode)) throw new Error(`no such mode: ${process.argv[2]}; one of ${MODES.join(', ')}`);

const lastPlaySweeps = (request: ReplayRequest): ReplayRequest => ({ ...request, rules: { ...request.rules, sweep: { ...request.rules.sweep, lastPlay: true } } });
const startsRed = (request: ReplayRequest): boolean => /[DH]$/.test(request.rounds[0]?.decks[0]?.[0] ?? '');

const seen = new Set<string>();
let replays = 0;

function replay(request: ReplayRequest): object {
  replays++;
  if (mode === 'dies-every-replay' || (mode === 'dies-at-40' && replays === 40)) {
    process.stderr.write(`fake engine: out of memory at replay ${replays} (pretend)\n`);
    process.exit(9);
  }
  if (mode === 'red-deck-sweeps' && startsRed(request)) return replayOnReference(lastPlaySweeps(request));
  if (mode === 'unsteady' || (mode === 'unsteady-for-three' && request.players === 3)) {
    const key = JSON.stringify(request.rounds);
    const again = seen.has(key);
    seen.add(key);
    const reply = replayOnReference(request);
    return again ? { ...reply, events: reply.events.slice(0, -1) } : reply;
  }
  return replayOnReference(request);
}

function legalPositions(game: ReplayRequest, positions: LegalPosition[]): object {
  const decisions = legalAtPositions(game, positions);
  const key = JSON.stringify([game.rounds, positions]);
  const again = seen.has(key);
  seen.add(key);
  return { decisions: again ? decisions.map((listed) => listed.slice(0, -1)) : decisions };
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line) as { id: number; cmd: string; game: ReplayRequest; positions: LegalPosition[] };
  if (request.cmd === 'bye') process.exit(0);
  const capabilities = mode === 'unsteady-legal' ? { capabilities: ['legal-positions'] } : {};
  const answer =
    request.cmd === 'hello'
      ? { protocol: 1, engine: { name: `diagnosed ${mode}`, version: '1' }, variants: '*', ...capabilities }
      : request.cmd === 'legal-positions'
        ? legalPositions(request.game, request.positions)
        : replay(request as unknown as ReplayRequest);
  process.stdout.write(`${JSON.stringify({ id: request.id, ...answer })}\n`);
});
if (mode === 'exits-on-bye-only') setInterval(() => {}, 1000);
