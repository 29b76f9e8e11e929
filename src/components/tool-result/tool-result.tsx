'use client';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { formatPreview } from '../../core/tool/arguments.js';
import { readToolResult } from '../../core/content/content.js';
import type { CallToolResult } from '../../core/shared/types.js';
import { Icon } from '../../internal/icons.js';
import { contentLabels } from '../../internal/default-labels.js';
import { useLabels } from '../../internal/labels.js';
import { CONTENT_BLOCKS_OPTIONS, ContentBlocks, type ContentBlocksOptions } from '../content-blocks/content-blocks.js';

/** Props of {@link ToolResult}: the result, content options, and any `div` attribute (they go on the root). */
export interface ToolResultProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'>, Omit<ContentBlocksOptions, 'blocks'> {
  /** The `tools/call` result. A malformed result renders a placeholder and is reported. */
  result: CallToolResult | null | undefined;
  /**
   * Show `structuredContent`. Default: only in the assistant (debug) view,
   * since it is meant for the model and carries no audience annotation.
   */
  showStructuredContent?: boolean | undefined;
}

/**
 * A tool result: its content through `ContentBlocks` (audience filtered), an
 * error state when `isError`, and `structuredContent` only in the debug view
 * unless the host opts in. Unknown props and `className` go on the root.
 *
 * @example
 * <ToolResult result={await client.callTool({ name, arguments })} order="priority" />
 */
export const ToolResult = forwardRef<HTMLDivElement, ToolResultProps>(function ToolResult({ result, showStructuredContent, className, ...rest }, ref) {
  const options: Record<string, unknown> = {};
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) ((CONTENT_BLOCKS_OPTIONS as readonly string[]).includes(key) ? options : props)[key] = value;
  const content = options as Omit<ContentBlocksOptions, 'blocks'>;
  const viewer = content.viewer === 'assistant' ? 'assistant' : 'user';
  const labels = useLabels(content.labels, contentLabels);
  // Core reads the result once and applies the structuredContent rule.
  const view = readToolResult(result, { viewer, showStructuredContent, onAnnotationIssue: content.onAnnotationIssue });
  const { isError, structured } = view;
  const malformed = view.state === 'malformed';
  const showStructured = structured !== undefined;
  return (
    <div data-slot="tool-result" data-state={isError || malformed ? 'error' : 'success'} data-viewer={viewer} {...props} ref={ref} className={className}>
      {isError && (
        <p data-slot="tool-result-error">
          <Icon name="error" /> {labels.toolError}
        </p>
      )}
      {malformed ? (
        <p data-slot="content-placeholder">
          <Icon name="warning" /> {labels.invalidResult}
        </p>
      ) : (
        <ContentBlocks blocks={view.state === 'ok' ? view.content : []} {...content} viewer={viewer} />
      )}
      {showStructured && (
        <details data-slot="tool-result-structured">
          <summary data-slot="details-summary">{labels.structuredContent}</summary>
          <pre tabIndex={0} role="group" aria-label={labels.structuredContent} data-slot="code-block">
            {/* The debug view of data for the model: where it folds, it shows counts and brackets, no words. */}
            <code data-slot="code-text">{formatPreview(structured)}</code>
          </pre>
        </details>
      )}
    </div>
  );
});
ToolResult.displayName = 'ToolResult';
