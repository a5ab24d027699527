export * from "./page-cache";
