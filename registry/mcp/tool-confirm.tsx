'use client';
// From the react-mcp-annotations registry: the tool-call confirmation, composed from the package's
// parts with your Button styles. The policy (who is asked, what Allow does) stays in the package.
import { ToolConfirm } from 'react-mcp-annotations';
import type { ComponentProps } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * Allow: your default Button, and your destructive Button's colours (shadcn's `destructive` variant) when the
 * part's own `data-risk` says so, so its look cannot disagree with the policy.
 */
export const mcpActionClass = cn(
  buttonVariants(),
  'data-[risk=destructive]:bg-destructive data-[risk=destructive]:text-white data-[risk=destructive]:hover:bg-destructive/90 dark:data-[risk=destructive]:bg-destructive/60',
);

export type McpToolConfirmProps = Omit<ComponentProps<typeof ToolConfirm.Root>, 'children'> & { className?: string | undefined };

/** The confirmation for one tool call. `ConsentProvider` shows it as `components.tool`. */
export function McpToolConfirm({ className, ...props }: McpToolConfirmProps) {
  return (
    <ToolConfirm.Root {...props}>
      <ToolConfirm.Content className={cn('grid w-full max-w-lg gap-4 rounded-lg border bg-background p-6 text-foreground shadow-lg data-[risk=destructive]:border-destructive/60', className)}>
        <ToolConfirm.Title className="text-lg leading-none font-semibold" />
        <ToolConfirm.Description className="text-sm text-muted-foreground" />
        <ToolConfirm.Badges />
        <ToolConfirm.Reasons className="text-sm" />
        <ToolConfirm.Arguments className="text-sm" />
        <ToolConfirm.Remember className="flex items-center gap-2 text-sm" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ToolConfirm.Cancel className={buttonVariants({ variant: 'outline' })} />
          <ToolConfirm.Action className={mcpActionClass} />
        </div>
      </ToolConfirm.Content>
    </ToolConfirm.Root>
  );
}
