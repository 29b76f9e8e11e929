import type { CallToolResult, ContentBlock, Tool } from '../../src/core/shared/types.js';
import type { ServerConfig } from '../../src/index.js';

/** Built-in data for the chat-host showcase: no network needed. */
export const SHOWCASE_NOW = Date.parse('2026-11-30T12:00:00Z');
const ago = (ms: number) => new Date(SHOWCASE_NOW - ms).toISOString();
const HOUR = 3_600_000;

export const SERVERS: Record<string, ServerConfig & { description: string }> = {
  files: { trust: 'trusted', name: 'Project files', description: 'Local filesystem server, installed by your admin.' },
  notes: { trust: 'untrusted', name: 'Community notes', description: 'A third-party notes server you added yourself.' },
};

export const TOOLS: Record<string, Tool> = {
  read_text_file: {
    name: 'read_text_file',
    title: 'Read text file',
    description: 'Read the complete contents of a file from the file system as text.',
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  search_notes: {
    name: 'search_notes',
    title: 'Search notes',
    description: 'Full-text search across your saved notes.',
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  delete_notes: {
    name: 'delete_notes',
    title: 'Tidy up notes',
    description: 'Deletes notes by id. Cannot be undone.',
    annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: true },
  },
  publish_summary: {
    name: 'publish_summary',
    description: 'Publishes a summary to the team feed.',
  },
};

export const SERVER_TOOLS: Record<string, string[]> = {
  files: ['read_text_file'],
  notes: ['search_notes', 'delete_notes', 'publish_summary'],
};

const readmeBlocks: ContentBlock[] = [
  {
    type: 'resource',
    resource: {
      uri: 'file:///workspace/acme-app/README.md',
      mimeType: 'text/markdown',
      text: '# Acme App\n\nA small web app for tracking orders.\n\n## Getting started\n\n    npm ci\n    npm start\n',
    },
    annotations: { audience: ['user', 'assistant'], priority: 0.8, lastModified: ago(3 * HOUR) },
  },
  { type: 'text', text: 'DEBUG fs.read: 2,341 bytes in 4 ms, cache miss, inode 88123', annotations: { audience: ['assistant'], priority: 0.1 } },
  { type: 'text', text: 'The README was last edited three hours ago.', annotations: { audience: ['user'], priority: 0.6 } },
  { type: 'text', text: 'Encoding: UTF-8 · line endings: LF', annotations: { priority: 0.2 } },
  { type: 'text', text: 'Size: 2.3 kB', annotations: { priority: 0.25, lastModified: ago(3 * HOUR) } },
];

export const README_RESULT: CallToolResult = { content: readmeBlocks };

export const SEARCH_RESULT: CallToolResult = {
  content: [
    { type: 'text', text: 'Found 3 notes older than 90 days.', annotations: { priority: 1 } },
    {
      type: 'resource_link',
      uri: 'https://notes.example.com/n/4812',
      name: 'note-4812',
      title: 'Standup 2026-03-02',
      description: 'Old standup notes',
      mimeType: 'text/markdown',
      size: 1840,
      annotations: { priority: 0.7, lastModified: ago(273 * 24 * HOUR) },
    },
    {
      type: 'resource_link',
      uri: 'https://notes.example.com/n/4907',
      name: 'note-4907',
      title: 'Retro ideas',
      mimeType: 'text/markdown',
      size: 912,
      annotations: { priority: 0.6, lastModified: ago(200 * 24 * HOUR) },
    },
    {
      type: 'resource_link',
      uri: 'javascript:alert(document.cookie)',
      name: 'Totally a note',
      description: 'A hostile link: shown as text, never clickable.',
      annotations: { priority: 0.3 },
    },
    { type: 'text', text: 'Ranking model v3, scores [0.91, 0.88, 0.12]', annotations: { audience: ['assistant'], priority: 0.2 } },
  ],
  structuredContent: { ids: [4812, 4907, 5012], scores: [0.91, 0.88, 0.12] },
};

export const DELETE_RESULT: CallToolResult = {
  content: [
    { type: 'text', text: 'Deleted 2 notes.', annotations: { priority: 1, audience: ['user', 'assistant'] } },
    { type: 'text', text: 'note-5012 was skipped: it is pinned.', annotations: { priority: 0.6 } },
    { type: 'text', text: 'tombstones written: 2; index compaction scheduled', annotations: { audience: ['assistant'], priority: 0.1 } },
  ],
};
