// The `runtimeConfig` keys of vite.config.ts, typed for `useRuntimeConfig()`.
declare module 'nitropack' {
  interface NitroRuntimeConfig {
    /** `DATA_DIR`: where uploaded files (and the SQLite database) are kept. */
    dataDir: string;
  }
}

export {};
