// The renderer's memory around leaving a game (the English board, whose table of every position the worker builds
// in the background): fresh, with the table, and after leaving for the home page. Prints one JSON line, in MB.
// node tests/bench/leave-memory.mjs
import { serve } from '../serve.mjs';
import { leaveMemory } from '../e2e/helpers.mjs';

const server = await serve();
console.log(JSON.stringify(await leaveMemory(server.url)));
await server.close();
