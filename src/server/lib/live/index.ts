/** Live updates of the todos over Server-Sent Events (docs/live-updates.md). */
export { purgeTodoEvents, replayWindow } from './event-log';
export {
  announceTodoChange,
  closeTodoEventStreams,
  openTodoEventStream,
  requireTodoStreamSlot,
} from './todo-events';
