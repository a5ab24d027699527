export * from "./cache-storage";
