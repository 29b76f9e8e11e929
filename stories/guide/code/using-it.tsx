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
