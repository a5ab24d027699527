export type Dialect = 'sqlite' | 'postgresql';

/** One schema change. `up` gives its statements for a dialect; most are the same in both. */
export interface Migration {
  version: number;
  name: string;
  up: (dialect: Dialect) => string[];
}
