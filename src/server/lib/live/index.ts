/** Live updates of the todos over Server-Sent Events (docs/live-updates.md). */
export { addressSlots } from './address-slots';
export { replayWindow } from './event-log';
export { purgeTodoEvents } from './purge';
export {
  announceTodoChange,
  closeTodoEventStreams,
  openTodoEventStream,
  requireTodoStreamSlot,
} from './todo-events';
