'use client';
import { forwardRef } from 'react';
import { safeJson } from '../../core/arguments.js';
import { isRecord, report } from '../../core/issues.js';
import { cx } from '../../internal/cx.js';
import { Icon } from '../../internal/icons.js';
import { useLabels } from '../../internal/labels.js';
import { ContentBlocks, type ContentBlocksProps } from '../content-blocks/content-blocks.js';
import type { CallToolResult } from '../../core/types.js';

/** Props of {@link ToolResult}. */
export interface ToolResultProps extends Omit<ContentBlocksProps, 'blocks'> {
  /** The `tools/call` result. A malformed result renders an error placeholder and is reported. */
  result: CallToolResult | null | undefined;
  /**
   * Show `structuredContent`. Default: only in the assistant (debug) view,
   * since it is meant for the model and carries no audience annotation.
   */
  showStructuredContent?: boolean | undefined;
}

/**
 * A tool result: its content through {@link ContentBlocks} (audience
 * filtered), an error state when `isError`, and `structuredContent` only in
 * the debug view unless the host opts in.
 *
 * @example
 * <ToolResult result={await client.callTool({ name, arguments })} order="priority" />
 */
export const ToolResult = forwardRef<HTMLDivElement, ToolResultProps>(function ToolResult(
  { result, showStructuredContent, viewer = 'user', className, onAnnotationIssue, labels: labelOverrides, ...props },
  ref,
) {
  const labels = useLabels(labelOverrides);
  const valid = isRecord(result);
  if (!valid && result !== undefined && result !== null) report(onAnnotationIssue, 'block-invalid', 'result', 'The tool result is not an object; nothing is shown.');
  const isError = valid && result.isError === true;
  const structured = valid ? result.structuredContent : undefined;
  const showStructured = structured !== undefined && (showStructuredContent ?? viewer === 'assistant');
  return (
    <div data-slot="tool-result" data-state={isError ? 'error' : 'success'} data-viewer={viewer} className={cx('mcp-tool-result', className)} ref={ref}>
      {isError && (
        <p data-slot="tool-result-error">
          <Icon name="error" /> {labels.toolError}
        </p>
      )}
      <ContentBlocks blocks={valid ? result.content : []} viewer={viewer} onAnnotationIssue={onAnnotationIssue} labels={labelOverrides} {...props} />
      {showStructured && (
        <details data-slot="tool-result-structured">
          <summary>{labels.structuredContent}</summary>
          <pre tabIndex={0}>
            <code>{safeJson(structured)}</code>
          </pre>
        </details>
      )}
    </div>
  );
});
ToolResult.displayName = 'ToolResult';
