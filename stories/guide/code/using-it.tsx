// A tool's badges and a result's blocks, as a person should see them.
import { ContentBlocks, ToolBadges, type ContentBlock, type Tool } from 'react-mcp-annotations';
import 'react-mcp-annotations/styles.css';

export function ToolAndResult({ tool, blocks }: { tool: Tool; blocks: ContentBlock[] }) {
  return (
    <>
      {/* Hints from an untrusted server are marked unverified; absent hints mean the worst case. */}
      <ToolBadges tool={tool} trust="untrusted" />
      {/* Assistant-only blocks never render; the rest by priority, the least important folded. */}
      <ContentBlocks blocks={blocks} order="priority" collapseBelow={0.4} />
    </>
  );
}

// What a server sends, written out: a tool with its annotations (absent hints are the worst case)...
export const deleteFile: Tool = {
  name: 'delete_file',
  title: 'Delete a file',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

// ...and a result's content blocks with theirs: the assistant-only one never renders.
export const deleted: ContentBlock[] = [
  { type: 'text', text: 'Deleted notes.txt.', annotations: { audience: ['user'], priority: 0.9, lastModified: '2026-12-03T09:00:00Z' } },
  { type: 'text', text: 'inode 4711 freed', annotations: { audience: ['assistant'] } },
  { type: 'resource_link', uri: 'file:///trash/notes.txt', name: 'notes.txt', mimeType: 'text/plain', annotations: { priority: 0.2 } },
];

export const Example = () => <ToolAndResult tool={deleteFile} blocks={deleted} />;
