/**
 * The recipe's first call: arguments built by `starterArguments` from each
 * tool's `inputSchema` pass the real servers' own input validation, where
 * `{}` fails for most of them.
 */
import { describe, expect, it } from 'vitest';
import { starterArguments } from '../../src/core/index.js';
import { startServer } from './mcp-servers.js';

const VALIDATION = /-32602|Input validation error/;
// Tools that wait on a person, run for seconds, fetch from the network, or change state.
const SKIP = /^(trigger|simulate|toggle)-|long-running|gzip-file|get-env/;

const text = (result: object) => JSON.stringify((result as { content?: unknown }).content ?? '');

describe('starter arguments against real servers', () => {
  for (const name of ['everything', 'filesystem', 'memory'] as const) {
    it(`${name}: every read-only tool accepts its starter arguments, and {} fails where the schema requires something`, async () => {
      const server = await startServer(name);
      try {
        const { tools } = await server.client.listTools();
        const tried = tools.filter((tool) => !SKIP.test(tool.name) && (name === 'everything' || tool.annotations?.readOnlyHint === true));
        expect(tried.length).toBeGreaterThanOrEqual(3);
        const refusedEmpty: string[] = [];
        for (const tool of tried) {
          const result = await server.client.callTool({ name: tool.name, arguments: starterArguments(tool) });
          expect({ tool: tool.name, refused: VALIDATION.test(text(result)) }).toEqual({ tool: tool.name, refused: false });
          if ((tool.inputSchema.required ?? []).length > 0) {
            const empty = await server.client.callTool({ name: tool.name, arguments: {} });
            if (VALIDATION.test(text(empty))) refusedEmpty.push(tool.name);
          }
        }
        // What the starter arguments fix: the same calls with {} are refused.
        expect(refusedEmpty.length).toBeGreaterThan(0);
      } finally {
        await server.close();
      }
    }, 60_000);
  }
});
