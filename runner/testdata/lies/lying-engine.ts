// An external engine that lies as runner/testdata/lies/lies.ts says (its one argument names the lie), and
// otherwise answers as the reference. Run with `node --import tsx runner/testdata/lies/lying-engine.ts <lie>`.
import { createInterface } from 'node:readline';
import { replayOnReference } from '../../engines/reference.ts';
import type { ReplayRequest } from '../../fixture/fixture.ts';
import { LIES } from './lies.ts';

const lie = LIES[process.argv[2] ?? ''];
if (lie === undefined) throw new Error(`no such lie: ${process.argv[2]}; one of ${Object.keys(LIES).join(', ')}`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line) as { id: number; cmd: string };
  if (request.cmd === 'bye') process.exit(0);
  if (request.cmd === 'hello') {
    process.stdout.write(`${JSON.stringify({ id: request.id, protocol: 1, engine: { name: 'liar', version: '1' }, variants: '*' })}\n`);
    return;
  }
  const reply = replayOnReference(request as unknown as ReplayRequest);
  process.stdout.write(`${JSON.stringify({ id: request.id, ...reply, events: lie(reply.events) ?? reply.events })}\n`);
});
