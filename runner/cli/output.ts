/**
 * The one way the command line writes: text from outside (an engine's words and events, a fixture's title, a
 * file name) is escaped before it reaches a terminal, and a reader that goes away (`| head`) ends the output
 * quietly instead of with an EPIPE stack trace.
 * @module
 */
import type { Io } from './command.ts';

/**
 * Control characters a terminal acts on (C0 but tab and newline, DEL, C1 with CSI and OSC) and the characters
 * that reorder text on screen (line and paragraph separators, bidirectional embeddings, overrides, isolates).
 */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/**
 * Text with every unsafe character written as a `\uXXXX` escape. JSON output keeps its meaning (a JSON string
 * reads `\u001b` as the character), and a person sees what the engine sent instead of a cleared screen.
 */
export const escapeControls = (text: string): string =>
  text.replace(UNSAFE, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);

interface Writable {
  write(text: string): unknown;
}

/** A stream whose text is escaped. */
export const escapingWriter = (stream: Writable): Writable => ({ write: (text: string) => stream.write(escapeControls(text)) });

/** The streams of an Io, escaped; progress keeps a raw channel for its line drawing and escapes what it shows. */
export function escapingIo(io: Io): Io {
  return { ...io, stdout: escapingWriter(io.stdout), stderr: escapingWriter(io.stderr), progress: io.progress ?? io.stderr };
}

/** The error events of a real output stream that mean the reader has gone: nothing more is written. */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET']);

/** Whether an output stream's error says its reader has gone (`| head`), not that writing failed. */
export const isReaderGone = (error: NodeJS.ErrnoException): boolean => READER_GONE.has(error.code ?? '');

/**
 * A process stream that stops writing, quietly, once its reader has gone. Any other write error (a full disk)
 * stops it too, and is handed to `failed`: it must not pass silently, nor as a stack trace.
 */
export function pipeSafe(stream: NodeJS.WriteStream, failed: (error: Error) => void = () => {}): Writable {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (!closed && !isReaderGone(error)) failed(error);
    closed = true;
  });
  return {
    write(text: string) {
      if (closed) return false;
      return stream.write(text);
    },
  };
}
