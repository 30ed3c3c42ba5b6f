/**
 * The progress line of a run: one line on stderr, rewritten in place, only where a person watches it (stderr is
 * a terminal and CI is not set). Elsewhere nothing is written, so logs and pipes stay clean.
 * @module
 */
import type { Io } from '../cli/command.ts';
import { escapeControls } from '../cli/output.ts';

/** Whether the CI variable says a CI system runs us (set, and not empty, 0 or false). */
export function inCi(env: Io['env']): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export interface Progress {
  /** One more fixture done. */
  tick(id: string): void;
  /** Clears the line. */
  done(): void;
}

const CLEAR_LINE = '\r\x1b[2K';
/** At most one redraw per interval: thousands of fast fixtures should not flood the terminal. */
const INTERVAL_MS = 80;

export function progressLine(io: Io, total: number, label: string): Progress {
  if (!io.isTTY || inCi(io.env) || total === 0) return { tick() {}, done() {} };
  const line = io.progress ?? io.stderr;
  let finished = 0;
  let drawn = false;
  let lastDraw = 0;
  const width = String(total).length;
  return {
    tick(id) {
      finished++;
      const now = Date.now();
      if (drawn && now - lastDraw < INTERVAL_MS && finished < total) return;
      lastDraw = now;
      drawn = true;
      line.write(`${CLEAR_LINE}${label} [${String(finished).padStart(width)}/${total}] ${escapeControls(id)}`);
    },
    done() {
      if (drawn) line.write(CLEAR_LINE);
    },
  };
}

/** A line that says what is being done where no count of it is known ahead (`diagnose`'s search), as progressLine draws it. */
export function statusLine(io: Io, label: string): Progress {
  if (!io.isTTY || inCi(io.env)) return { tick() {}, done() {} };
  const line = io.progress ?? io.stderr;
  let drawn = false;
  let lastDraw = 0;
  return {
    tick(what) {
      const now = Date.now();
      if (drawn && now - lastDraw < INTERVAL_MS) return;
      lastDraw = now;
      drawn = true;
      line.write(`${CLEAR_LINE}${label}: ${escapeControls(what)}`);
    },
    done() {
      if (drawn) line.write(CLEAR_LINE);
    },
  };
}
