export interface RunningPostgres {
  /** The `postgres` database of the server, as `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  /** Creates an empty database and answers its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server and keeps its data, as an outage would. */
  pause(): void;
  /** Starts the paused server again on the same port with the same data. */
  resume(): void;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
}

/** The folder of PostgreSQL's server binaries, or `undefined` when none is installed. */
export function postgresBinDir(): string | undefined;

/** Starts a throw-away PostgreSQL on a free loopback port in a temporary folder. */
export function startPostgres(): Promise<RunningPostgres>;
