/**
 * An exception thrown out of solc's compile. solc-js is an emscripten module with one global
 * CompilerStack: an exception that unwinds through it (a stack overflow on a very deep
 * expression, an abort) leaves it half-built, and every later compile in that thread fails with
 * "You shall not have another CompilerStack aside me". So the worker that saw one is replaced.
 */
export class CompilerCrash extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'CompilerCrash';
  }
}

const firstLine = (text: string) => text.split('\n', 1)[0]!.slice(0, 300);

/**
 * The sentence a run ends with when the compiler or the EVM threw instead of answering: what
 * broke, in the user's words, and what to change when there is something to change.
 */
export const crashSummary = (error: unknown): string => {
  const compiler = error instanceof CompilerCrash;
  const cause = compiler ? error.cause : error;
  if (cause instanceof RangeError && /call stack/i.test(cause.message)) {
    return compiler
      ? 'The compiler ran out of stack space on this contract (an expression or nesting too deep for it) and the run was stopped: split long expressions into smaller ones.'
      : 'The engine ran out of stack space on this contract (its structure is nested too deep) and the run was stopped.';
  }
  const detail = firstLine(cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause));
  return compiler
    ? `The compiler failed on this contract (${detail}) and the run was stopped.`
    : `The engine failed while running this contract (${detail}) and the run was stopped.`;
};
