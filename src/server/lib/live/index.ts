/** Live updates of the todos over Server-Sent Events (docs/live-updates.md). */
export { replayWindow } from './event-log';
export { purgeTodoEvents } from './purge';
export {
  announceTodoChange,
  closeTodoEventStreams,
  openTodoEventStream,
  requireTodoStreamSlot,
} from './todo-events';
export { type StopWatching, watchCommits } from './wake-ups';
