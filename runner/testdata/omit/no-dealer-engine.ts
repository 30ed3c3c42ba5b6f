// The reference engine over the protocol, but for one thing: its deal events carry no `dealer`, and it says so
// (`omit: [deal.dealer]`) in its hello's profile, unless its one argument is `--no-profile` (then a --profile
// file declares it). Run with `node --import tsx runner/testdata/omit/no-dealer-engine.ts [--no-profile]`.
import { Transform } from 'node:stream';
import { serve } from '../../engines/serve.ts';

const PROFILE = { variants: '*', reports: { events: ['deal', 'redeal', 'table-bonus', 'capture', 'trail', 'sweep', 'remainder', 'award', 'round-end', 'game-end'], omit: ['deal.dealer'] } };
const declares = process.argv[2] !== '--no-profile';

/** One answer line, as this engine sends it. */
function withoutDealer(line: string): string {
  const answer = JSON.parse(line) as { protocol?: unknown; events?: { type: string; dealer?: number }[] };
  if (answer.protocol !== undefined && declares) return JSON.stringify({ ...answer, profile: PROFILE });
  for (const event of answer.events ?? []) if (event.type === 'deal') delete event.dealer;
  return JSON.stringify(answer);
}

const lines = new Transform({
  transform(chunk: Buffer, _encoding, done) {
    done(null, chunk.toString('utf8').split('\n').map((line) => (line === '' ? line : withoutDealer(line))).join('\n'));
  },
});
lines.pipe(process.stdout);
await serve(process.stdin, lines, 'no-dealer');
lines.end();
