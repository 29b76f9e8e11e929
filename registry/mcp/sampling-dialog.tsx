'use client';
// From the react-mcp-annotations registry: a server's request to use your model, reviewed before
// it runs and before its answer goes back, composed from the package's parts.
import { Sampling } from 'react-mcp-annotations';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export type McpSamplingDialogProps = Omit<ComponentProps<typeof Sampling.Root>, 'children'> & { className?: string | undefined };

/** `ConsentProvider` shows it as `components.sampling`. */
export function McpSamplingDialog({ className, ...props }: McpSamplingDialogProps) {
  return (
    <Sampling.Root {...props}>
      <Sampling.Content className={cn('grid max-h-[85vh] w-full max-w-2xl gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg', className)}>
        <Sampling.Title className="text-lg leading-none font-semibold" />
        <Sampling.Description className="text-sm text-muted-foreground" />
        <Sampling.Request className="grid gap-3 text-sm" />
        <Sampling.Result className="grid gap-3 text-sm" />
        <Sampling.Actions className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" />
      </Sampling.Content>
    </Sampling.Root>
  );
}
