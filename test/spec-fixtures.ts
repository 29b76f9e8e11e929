import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

/** The MCP spec's own examples, read in place from ../shared (never copied into the project). */
export const SPEC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/fixtures/mcp-spec-2026-07-28');

/** Whether the examples are here; a user's clone has no ../shared. */
export const hasSpecFixtures = existsSync(SPEC_DIR);

if (!hasSpecFixtures) {
  console.warn(`[spec fixtures] ${SPEC_DIR} is absent: conformance tests against the MCP spec examples are skipped.`);
}

/** Every example of one schema type, as [file name, parsed JSON]. */
export function specExamples(type: string): Array<[string, unknown]> {
  const dir = join(SPEC_DIR, type);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => [`${type}/${file}`, JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown]);
}

/** Why conformance tests skip in a user's clone, as shown by the test reporter. */
export const SPEC_SKIP_NOTE = `the MCP spec examples are absent (${SPEC_DIR}); conformance against them is not checked`;

/**
 * A suite over the spec examples. Without `../shared` it holds one test that
 * skips with {@link SPEC_SKIP_NOTE}, so the reporter says so instead of
 * silently running nothing.
 */
export function describeSpec(name: string, body: () => void): void {
  describe(name, () => {
    if (hasSpecFixtures) body();
    else it('skips: spec examples absent', (context) => context.skip(SPEC_SKIP_NOTE));
  });
}
