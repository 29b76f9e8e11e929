// What the Vite plugin serves: the runtime, and the log of calls the page shows.
export { handleChat } from './route';
export { log } from './mcp';
