/**
 * The lines of a server's output that say something went wrong: pino's `error` and `fatal` lines
 * (level 50 and up, the request log's "request failed" among them) and Nitro's
 * `[unhandledRejection]` and `[uncaughtException]` lines. Stack lines that follow are left out.
 */
export function errorLines(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (/\[(unhandledRejection|uncaughtException)\]/.test(line)) return true;
    const level = /^\{"level":(\d+)/.exec(line)?.[1];
    return level !== undefined && Number(level) >= 50;
  });
}

/**
 * Throws, listing them, when `output` holds error lines (`errorLines`) that no pattern of
 * `allowed` matches: what a spec deliberately causes, it names there; anything else is a bug the
 * answers alone would not show (a rejected promise nobody awaited, a 500 logged behind a 4xx).
 */
export function expectNoErrorLines(output: string, allowed: readonly RegExp[] = []): void {
  const unexpected = errorLines(output).filter((line) => !allowed.some((pattern) => pattern.test(line)));
  if (unexpected.length) {
    throw new Error(
      `The server logged ${unexpected.length} unexpected error line(s):\n${unexpected.join('\n')}`,
    );
  }
}

/** A describe block's `afterAll`: stops `server`, if it started, then checks its output (`expectNoErrorLines`). */
export async function stopAndCheckLog(
  server: { output(): string; stop(): Promise<void> } | undefined,
  allowed: readonly RegExp[] = [],
): Promise<void> {
  const output = server?.output() ?? '';
  await server?.stop();
  expectNoErrorLines(output, allowed);
}
