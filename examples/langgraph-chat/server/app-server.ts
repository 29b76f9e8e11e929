// What the Vite plugin serves: the route, and the log of calls the page shows.
export { POST as handleChat } from './route';
export { log } from './mcp';
