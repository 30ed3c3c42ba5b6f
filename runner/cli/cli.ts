/**
 * The command line: picks the command, prints help and the version, and turns usage mistakes into exit 2.
 * It never exits the process; bin.ts does, with the code returned here.
 * @module
 */
import { readFileSync } from 'node:fs';
import { type Command, EXIT, type ExitCode, InvalidInputError, type Io, NothingToWorkOnError, reportLoadErrors, UsageError } from './command.ts';
import { compareCommand } from '../commands/compare.ts';
import { coverageCommand } from '../commands/coverage.ts';
import { diagnoseCommand } from '../commands/diagnose.ts';
import { updateCommand } from '../commands/update.ts';
import { engineCommand } from '../commands/engine.ts';
import { exportCommand } from '../commands/export.ts';
import { explainCommand } from '../commands/explain.ts';
import { fuzzCommand } from '../commands/fuzz.ts';
import { generateCommand } from '../commands/generate.ts';
import { importCommand } from '../commands/import.ts';
import { mergeCommand } from '../commands/merge.ts';
import { newVariantCommand } from '../commands/new-variant.ts';
import { runCommand } from '../commands/run.ts';
import { scoreCommand } from '../commands/score.ts';
import { showCommand } from '../commands/show.ts';
import { selfplayCommand } from '../commands/selfplay.ts';
import { validateCommand } from '../commands/validate.ts';
import { variantCommand } from '../commands/variant.ts';
import { AdapterError } from '../engines/engine-api.ts';
import { escapingIo } from './output.ts';
import { PACKAGE_JSON } from '../util/repo-paths.ts';

/** Every command, in the order the help lists them. A new command is a module in commands/ and a line here. */
const COMMANDS: readonly Command[] = [runCommand, diagnoseCommand, mergeCommand, compareCommand, fuzzCommand, validateCommand, variantCommand, newVariantCommand, explainCommand, selfplayCommand, generateCommand, importCommand, updateCommand, coverageCommand, engineCommand, scoreCommand, showCommand, exportCommand];

const PROGRAM = 'scopa-conformance';

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length), 'help'.length);
  const lines = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `Usage: ${PROGRAM} <command> [arguments]

The machine-checkable rulebook of the Scopa family and its conformance suite.

Commands:
${lines.join('\n')}
  ${'help'.padEnd(width)}  show the help of a command: help <command>

Options:
  -h, --help   show this help, or a command's with ${PROGRAM} <command> --help
  --version    print the version`;
}

function findCommand(name: string): Command {
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) {
    throw new UsageError(`unknown command "${name}" (commands: ${COMMANDS.map((c) => c.name).join(', ')})`);
  }
  return command;
}

/** The usage lines that open a command's help: every line before the first blank one. */
const usageLines = (help: string): string => help.split('\n\n', 1)[0] as string;

const wantsHelp = (args: string[]): boolean => args.includes('--help') || args.includes('-h');

/** Runs one command. Everything it writes is escaped for terminals (runner/cli/output.ts). */
export async function cli(argv: string[], rawIo: Io): Promise<ExitCode> {
  const io = escapingIo(rawIo);
  const [first, ...rest] = argv;
  let command: Command | undefined;
  try {
    switch (first) {
      case undefined:
        throw new UsageError('no command given');
      case '--help':
      case '-h':
        io.stdout.write(`${mainHelp()}\n`);
        return EXIT.ok;
      case '--version': {
        const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
        io.stdout.write(`${version}\n`);
        return EXIT.ok;
      }
      case 'help':
        io.stdout.write(`${rest[0] === undefined ? mainHelp() : findCommand(rest[0]).help}\n`);
        return EXIT.ok;
      default:
        command = findCommand(first);
        if (wantsHelp(rest)) {
          io.stdout.write(`${command.help}\n`);
          return EXIT.ok;
        }
        return await command.run(rest, io);
    }
  } catch (error) {
    if (error instanceof InvalidInputError) {
      reportLoadErrors(error.errors, io);
      return EXIT.invalid;
    }
    if (error instanceof AdapterError) {
      reportLoadErrors([error.problem], io);
      return EXIT.invalid;
    }
    if (!(error instanceof UsageError)) throw error;
    const helpCommand = command === undefined ? `${PROGRAM} --help` : `${PROGRAM} help ${command.name}`;
    const usage = error instanceof NothingToWorkOnError && command !== undefined ? `${usageLines(command.help)}\n` : '';
    io.stderr.write(`error: ${error.message}\n${usage}Run "${helpCommand}" for usage.\n`);
    return EXIT.invalid;
  }
}
