export interface DrainSettings {
  /** `NITRO_SHUTDOWN_DISABLED`: the signals keep Node's default (exit at once). */
  disabled: boolean;
  /** `NITRO_SHUTDOWN_SIGNALS`, default `SIGTERM SIGINT`. */
  signals: NodeJS.Signals[];
  /** `DRAIN_GRACE_MS`, default 0: how long a draining server still accepts connections. */
  graceMs: number;
  /** `NITRO_SHUTDOWN_TIMEOUT`, default 10 s: from the signal to the exit; past it, exit code 1. */
  timeoutMs: number;
}

/**
 * The drain's settings, read once at start. The `NITRO_SHUTDOWN_*` variables mean what they mean
 * for Nitro's own shutdown, except that the bound defaults to 10 s, not Nitro's 30 s: a container
 * platform's own default grace is 30 s, and the process must be gone before it sends SIGKILL. They
 * are read here rather than through Nitro's runtime, which the cluster's primary never loads.
 */
export function drainSettings(env: NodeJS.ProcessEnv = process.env): DrainSettings {
  const timeoutMs = Number.parseInt(env['NITRO_SHUTDOWN_TIMEOUT'] || '', 10) || 10_000;
  return {
    disabled: Boolean(env['NITRO_SHUTDOWN_DISABLED']),
    signals: (env['NITRO_SHUTDOWN_SIGNALS'] || 'SIGTERM SIGINT')
      .split(' ')
      .filter(Boolean) as NodeJS.Signals[],
    graceMs: Math.min(Math.max(0, Number(env['DRAIN_GRACE_MS']) || 0), timeoutMs),
    timeoutMs,
  };
}
