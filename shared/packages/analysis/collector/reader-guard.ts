/**
 * A reader that throws (a parser or flow reader fault, a stack exhausted by a crafted nesting) must not
 * drop its file's findings silently: the failure is recorded per file and finalize reports it, weighed by
 * the file's role (`reader_failed`: MEDIUM for a file that runs at install or import, LOW elsewhere;
 * docs/package-analysis.md "A reader that fails"). What the other readers found in the file stands.
 *
 * A syntax error is not a failure (a reader returns null for a file it cannot parse: JSX, Flow, Python 2
 * are common in honest packages); only an exception is.
 */

/** Per file, the readers that threw and their message (first few). */
export type ReaderFailures = Map<string, { reader: string; message: string }[]>;

let faultForTest: ((reader: string, path: string) => boolean) | null = null;

/**
 * Tests only: make the named reader throw on the files `when` selects (null: readers behave). The
 * readers are called through `guardRead`, so this is the same path a real fault takes.
 */
export function injectReaderFault(when: ((reader: string, path: string) => boolean) | null): void {
  faultForTest = when;
}

/** Runs one reader over one file; a throw is recorded in `failures` and gives null. */
export function guardRead<T>(failures: ReaderFailures, path: string, reader: string, fn: () => T): T | null {
  try {
    if (faultForTest?.(reader, path)) throw new Error(`injected fault in ${reader}`);
    return fn();
  } catch (err) {
    recordFailure(failures, path, reader, err);
    return null;
  }
}

export function recordFailure(failures: ReaderFailures, path: string, reader: string, err: unknown): void {
  const list = failures.get(path) ?? [];
  if (list.length < 5)
    list.push({ reader, message: (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 200) });
  failures.set(path, list);
}
