'use client';
// From the react-mcp-annotations registry: a server's request for information (a form or a link),
// composed from the package's parts. Its buttons are the package's (the form's stages decide which
// exist), so they take your theme through the stylesheet, not your Button.
import { Elicitation } from 'react-mcp-annotations';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export type McpElicitationDialogProps = Omit<ComponentProps<typeof Elicitation.Root>, 'children'> & { className?: string | undefined };

/** `ConsentProvider` shows it as `components.elicitation`. */
export function McpElicitationDialog({ className, ...props }: McpElicitationDialogProps) {
  return (
    <Elicitation.Root {...props}>
      <Elicitation.Content className={cn('grid w-full max-w-lg gap-4 rounded-lg border bg-background p-6 text-foreground shadow-lg', className)}>
        <Elicitation.Title className="text-lg leading-none font-semibold" />
        <Elicitation.Description className="grid gap-2 text-sm text-muted-foreground" />
        <Elicitation.Body className="grid gap-4 text-sm" />
        <Elicitation.Actions className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" />
      </Elicitation.Content>
    </Elicitation.Root>
  );
}
