'use client';
// From the react-mcp-annotations registry: a message's or a result's content blocks, as the person
// may see them: assistant-only blocks left out (the package decides), low priority folded.
import { ContentBlocks, type ContentBlocksProps } from 'react-mcp-annotations';
import { cn } from '@/lib/utils';

/** Default: the person's view, highest priority first, blocks below 0.3 folded. */
export function McpContentBlocks({ className, order = 'priority', collapseBelow = 0.3, ...props }: ContentBlocksProps) {
  return <ContentBlocks {...props} order={order} collapseBelow={collapseBelow} className={cn('grid gap-3 text-sm', className)} />;
}
