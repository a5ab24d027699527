/** Live updates of the todos over Server-Sent Events (docs/live-updates.md). */
export {
  announceTodoChange,
  closeTodoEventStreams,
  openTodoEventStream,
  requireStreamSlot,
} from './todo-events';
