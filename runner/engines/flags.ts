/**
 * The command-line flags that choose the engine under test, shared by the commands that run one (run, fuzz).
 * @module
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../cli/command.ts';
import { DEFAULT_TIMEOUT_MS, type EngineSpec } from './engine.ts';

/** Node's timers hold at most 2^31 - 1 ms; a longer timeout would silently become 1 ms. */
const MAX_TIMEOUT_S = Math.floor((2 ** 31 - 1) / 1000);

/** --timeout in milliseconds, checked. */
function timeoutOf(text: string | undefined): number {
  const seconds = text === undefined ? DEFAULT_TIMEOUT_MS / 1000 : Number(text);
  if (!(seconds > 0) || seconds > MAX_TIMEOUT_S) {
    throw new UsageError(`--timeout takes a number of seconds above 0 and at most ${MAX_TIMEOUT_S}, got "${text}"`);
  }
  return Math.max(1, Math.round(seconds * 1000));
}

function fileKind(path: string): 'file' | 'other' | undefined {
  try {
    return statSync(path).isFile() ? 'file' : 'other';
  } catch {
    return undefined;
  }
}

/**
 * The engine the flags name: `--engine` (with `--timeout`, `--validate-protocol`), `--adapter` (with `--timeout`),
 * or neither, the reference engine. Refuses what does not go together, before anything is loaded.
 */
export function engineSpecOf(
  values: { engine?: string; adapter?: string; timeout?: string; 'validate-protocol'?: boolean },
  cwd: string,
): EngineSpec {
  if (values.adapter !== undefined) {
    if (values.engine !== undefined) throw new UsageError('give --engine or --adapter, not both');
    if (values['validate-protocol'] === true) throw new UsageError('--validate-protocol goes with --engine: an adapter speaks no protocol');
    const path = resolve(cwd, values.adapter);
    const found = fileKind(path);
    if (found !== 'file') throw new UsageError(`--adapter ${values.adapter}: ${found === undefined ? 'no such file' : 'not a file'}`);
    return { kind: 'module', path, name: values.adapter, timeoutMs: timeoutOf(values.timeout) };
  }
  if (values.engine === undefined) {
    if (values.timeout !== undefined || values['validate-protocol'] === true) {
      throw new UsageError('--timeout and --validate-protocol go with --engine');
    }
    return { kind: 'reference' };
  }
  if (values.engine.trim() === '') throw new UsageError('--engine needs a command');
  return {
    kind: 'stdio',
    command: values.engine,
    timeoutMs: timeoutOf(values.timeout),
    validateProtocol: values['validate-protocol'] === true,
    cwd,
  };
}

