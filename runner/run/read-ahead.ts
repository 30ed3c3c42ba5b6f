/**
 * Runs inputs one after another, loading each next input while the one before it runs: an engine in a process
 * of its own works on a fixture while the runner reads, parses and checks the next one, so that the two run side
 * by side instead of taking turns.
 * @module
 */

/**
 * Loads and runs each input in order (at most one loaded ahead) and hands each result to `onResult`, which
 * returns false to run no more. `load` must not reject (a fixture that cannot be loaded is a result of its own).
 */
export async function runReadingAhead<Input, Loaded, Result>(
  inputs: readonly Input[],
  load: (input: Input) => Promise<Loaded>,
  run: (loaded: Loaded) => Promise<Result>,
  onResult: (index: number, result: Result) => boolean,
): Promise<void> {
  let next = inputs.length > 0 ? load(inputs[0] as Input) : undefined;
  for (let index = 0; next !== undefined; index++) {
    const running = run(await next);
    // run has sent its first request by now (or done its work, for an engine in process).
    next = index + 1 < inputs.length ? load(inputs[index + 1] as Input) : undefined;
    if (!onResult(index, await running)) return;
  }
}
