export { formLimits, requireRoom } from './capacity';
