/**
 * @module cli/exit
 * How the CLI ends: exit codes decided in one place, ripgrep-style
 * (0 = found / ok, 1 = nothing found or the tool reported an error,
 * 2 = the command could not run), and a closed stdout (`| head`) is not an error.
 */
import { errorBody, isQuarryError, toQuarryError } from '../contracts/errors.js';

export const EXIT = { ok: 0, none: 1, error: 2 } as const;

/** Runs a command body and turns thrown errors into a message on stderr and exit 2. */
export async function runCommand(body: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await body();
  } catch (error) {
    const failure = toQuarryError(error);
    process.stderr.write(`quarry: ${failure.message}\n`);
    if (!isQuarryError(error) || failure.code === 'INTERNAL') process.stderr.write(`${(error as Error).stack ?? ''}\n`);
    process.exitCode = EXIT.error;
  }
}

/**
 * For a command that answers once (`quarry search`): ends the process as soon as its answer and
 * messages are flushed, with the exit code it set, rather than when what it opened has wound down
 * (the search's watchdog thread, the index's connections): that wait came after the answer, and
 * counted in the command's time.
 */
export async function endWhenFlushed(): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit();
}

/** Resolves once everything written to `stream` so far has been handed to the system (or the stream has failed). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
}

/** `quarry search ... | head` closes stdout early; that is success, as for ripgrep. */
export function exitQuietlyOnBrokenPipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT.ok);
    throw error;
  });
}

/** Writes and waits for the data to be flushed (large JSON to a pipe). */
export function writeOut(text: string): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.write(text.endsWith('\n') ? text : `${text}\n`)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

/**
 * A tool command's failure: with --json, a tool's own error is printed as its JSON error body and
 * the command exits 2; anything else (or without --json) is rethrown for runCommand to report.
 */
export async function exitWithJsonError(error: unknown, json: boolean | undefined): Promise<number> {
  if (!json || !isQuarryError(error)) throw error;
  await writeOut(JSON.stringify(errorBody(toQuarryError(error))));
  return EXIT.error;
}
