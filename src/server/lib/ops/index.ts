export { drainOnSignals, isDraining } from './drain';
export { type Readiness, readiness } from './readiness';
export { type DrainSettings, drainSettings } from './settings';
