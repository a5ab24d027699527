/** Live updates over Server-Sent Events (docs/live-updates.md): a fan-out over an event log, and the todos' one. */
export { type EventLog, type FanOutSettings, eventFanOut } from './fan-out';
export { newestTodoEvent, purgeTodoEvents, todoEvents } from './todo-events';
