/**
 * `selfplay`: plays seeded random games of every variant (or the ones named) on the reference engine and
 * prints who won how often: a quick check that each variant plays to its end.
 * @module
 */
import type { GameState } from '../../reference/state.ts';
import { applyOptions, MAX_PLAYERS, playRandomGames, Rng, type OptionValue } from '../../reference/index.ts';
import { type Command, EXIT, integerOption, parseCommandArgs, UsageError } from '../cli/command.ts';
import { userVariantsOrStop, variantIdOf, VARIANTS_OPTION } from '../cli/variant-args.ts';
import { unknownVariantMessage } from '../load/variants.ts';

const OPTIONS = {
  variant: { type: 'string', multiple: true },
  games: { type: 'string', default: '1000' },
  players: { type: 'string', default: '2' },
  seed: { type: 'string', default: '1' },
  ...VARIANTS_OPTION,
} as const;

export const selfplayCommand: Command = {
  name: 'selfplay',
  summary: 'play seeded random games of each variant on the reference engine',
  help: `Usage: scopa-conformance selfplay [--variant <id|file> ...] [--games <n>] [--players <n>] [--seed <n>]
                                [--variants <dir>]

Plays <n> games (default 1000) of each variant, or of those named, with random legal
decisions and seeded decks, at the variants' default options. Prints, per variant, the
games played, the average number of rounds, and how often each side won or drew.
A variant is named by its id, or by the path of its file (./house.yaml); --variants <dir>
(repeatable) reads the variant files of <dir> too, which may extend the package's.
Exit status: 0 if every game ended with a result, 2 on a usage mistake or an invalid
variant or player count.`,

  async run(args, io) {
    const { values } = parseCommandArgs(args, OPTIONS);
    const games = integerOption('games', values.games, 1);
    const players = integerOption('players', values.players, 1, MAX_PLAYERS);
    const seed = integerOption('seed', values.seed, 1);
    const registry = await userVariantsOrStop(values, values.variant ?? [], io);
    const ids = values.variant?.map(variantIdOf) ?? [...registry.keys()];
    for (const id of ids) {
      const variant = registry.get(id);
      if (variant === undefined) throw new UsageError(unknownVariantMessage(registry, id));
      const rules = applyOptions(variant, {} as Record<string, OptionValue>);
      if (!rules.ok) throw new UsageError(rules.error.message);
      const wins = new Map<string, number>();
      let rounds = 0;
      const tally = (state: GameState): void => {
        const winner = state.result?.winner;
        const key = winner === null || winner === undefined ? 'draw' : `side ${winner}`;
        wins.set(key, (wins.get(key) ?? 0) + 1);
        rounds += state.round;
      };
      const setup = rules.value.deal.firstDealer === 'setup' ? { players, firstDealer: 0 } : { players };
      const played = playRandomGames(rules.value, setup, new Rng(seed), games, tally);
      if (!played.ok) throw new UsageError(`${id}: ${played.error.message}`);
      const outcomes = [...wins].sort().map(([key, count]) => `${key} ${count}`).join(', ');
      io.stdout.write(`${id.padEnd(12)} ${games} games, ${(rounds / games).toFixed(2)} rounds per game; ${outcomes}\n`);
    }
    return EXIT.ok;
  },
};
