'use client';
// From the react-mcp-annotations registry: one tool call's card (asking in place, running, its
// result), composed from the package's parts with your Button styles. A result view of yours gets
// the result only as the person may see it: the content blocks without those for the assistant
// alone, and no structuredContent (meant for the model, as the package's own result view treats
// it). Keep that filter if you edit this file: it is what keeps model-only data off the screen.
import { presentTool, readToolCallStatus, selectForViewer, ToolCall, ToolConfirm, type CallToolResult } from 'react-mcp-annotations';
import type { ComponentProps, ComponentType } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { mcpActionClass } from '@/components/mcp/tool-confirm';
import { cn } from '@/lib/utils';

/** A tool's own result view: gets the result as the person may see it (`content` only), and the call's arguments. */
export type McpToolResultRenderer = ComponentType<{ result: CallToolResult; args: unknown }>;

export type McpToolCallCardProps = Omit<ComponentProps<typeof ToolCall.Root>, 'children'> & {
  /** Result views by tool name (the server's name, not its title); any other tool shows the default result. */
  renderers?: Readonly<Record<string, McpToolResultRenderer>> | undefined;
};

export function McpToolCallCard({ className, renderers, ...props }: McpToolCallCardProps) {
  // Read as the card reads them: a malformed tool or status never throws here either.
  const name = presentTool(props.tool, { toolName: props.toolName }).name;
  const Renderer = renderers && Object.hasOwn(renderers, name) ? renderers[name] : undefined;
  const status = readToolCallStatus(props.status);
  const shown = Renderer && status.type === 'success' && status.result.isError !== true;
  const result: CallToolResult | undefined = shown ? { content: selectForViewer(status.result.content, 'user') } : undefined;
  return (
    <ToolCall.Root {...props} className={cn('flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm data-[risk=destructive]:border-destructive/50', className)}>
      <ToolCall.Header className="flex flex-wrap items-baseline gap-x-2" />
      <ToolCall.Badges />
      <ToolCall.Notice className="text-sm" />
      <ToolCall.Arguments className="text-sm" />
      <ToolCall.Approval className="grid gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
        <ToolConfirm.Facts />
        <ToolConfirm.Reasons />
        <ToolConfirm.Remember className="flex items-center gap-2" />
        <div className="flex flex-wrap gap-2">
          <ToolConfirm.Cancel className={buttonVariants({ variant: 'outline', size: 'sm' })} />
          <ToolConfirm.Action className={cn(mcpActionClass, 'h-8 px-3')} />
        </div>
      </ToolCall.Approval>
      <ToolCall.Progress className="text-sm" />
      <ToolCall.Error className="text-sm" />
      {Renderer && result ? <Renderer result={result} args={props.args} /> : <ToolCall.Result className="text-sm" />}
      <ToolCall.Retry className={buttonVariants({ variant: 'outline', size: 'sm' })} />
      <ToolCall.RetryNote className="text-sm text-muted-foreground" />
    </ToolCall.Root>
  );
}
