/** Nitro's generated handler list (see nitropack's rollup `server-handlers` virtual module). */
declare module '#nitro-internal-virtual/server-handlers' {
  export const handlers: { route: string; method?: string; middleware: boolean; lazy: boolean }[];
}
