'use client';
import { forwardRef, useId, useMemo, type ComponentPropsWithoutRef, type ComponentType, type ReactNode } from 'react';
import { prepareContent, type BlockKind, type BlockOrder, type PreparedBlock } from '../../core/content.js';
import type { Viewer } from '../../core/audience.js';
import type { AnnotationIssueHandler } from '../../core/issues.js';
import { formatLabel, type Labels } from '../../internal/default-labels.js';
import { useControllableState } from '../../internal/use-controllable-state.js';
import { cx } from '../../internal/cx.js';
import { LabelsScope, useLabels } from '../../internal/labels.js';
import { Freshness } from '../freshness/freshness.js';
import { CopyButton, defaultBlockRenderers, type BlockRendererProps, type BlockRenderers } from './default-renderers.js';

/** Props of {@link ContentBlocks}. */
export interface ContentBlocksProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Content blocks as the server sent them. Anything malformed is checked, never trusted. */
  blocks: unknown;
  /**
   * Who is looking. Default `"user"`: forgetting the prop is safe. `"assistant"`
   * shows what the model sees (a debug view).
   */
  viewer?: Viewer | undefined;
  /** `"server"` keeps the server's order (default); `"priority"` sorts highest first, stable. */
  order?: BlockOrder | undefined;
  /** Fold blocks whose priority is below this into an accessible "N more" disclosure. */
  collapseBelow?: number | undefined;
  /** Priority given to blocks that declare none. Default 0.5. */
  neutralPriority?: number | undefined;
  /** Whether the folded blocks are shown (controlled). */
  expanded?: boolean | undefined;
  /** Initial state of the disclosure (uncontrolled). */
  defaultExpanded?: boolean | undefined;
  onExpandedChange?: ((expanded: boolean) => void) | undefined;
  /** Age in ms after which `lastModified` shows as stale. */
  staleAfterMs?: number | undefined;
  /** Reference time for server rendering and hydration of freshness labels. */
  now?: number | Date | undefined;
  /** Keep freshness labels current with the shared clock after hydration. Default true; false pins them to `now`. */
  liveFreshness?: boolean | undefined;
  /** Locale for dates and sizes; default: the runtime's. */
  locale?: string | readonly string[] | undefined;
  /** Time zone of absolute dates; set it when rendering on a server. */
  timeZone?: string | undefined;
  /** Receives malformed blocks and annotations. */
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
  /** Plug in Markdown or other text rendering. Receives only text the viewer may see. */
  renderText?: ((text: string, block: PreparedBlock) => ReactNode) | undefined;
  /** Replace the renderer of any block kind. */
  components?: Partial<BlockRenderers> | undefined;
  /** Show a copy button on text blocks. It copies exactly that block's visible text. */
  copyable?: boolean | undefined;
  /** Called with the text a copy button wrote. */
  onCopyText?: ((text: string) => void) | undefined;
  /** Image MIME types rendered from base64. */
  imageTypes?: readonly string[] | undefined;
  /** Audio MIME types rendered from base64. */
  audioTypes?: readonly string[] | undefined;
  labels?: Partial<Labels> | undefined;
}

/**
 * Renders MCP content blocks for one viewer. Audience is filtered in core
 * before anything renders, so blocks the viewer may not see never reach the
 * DOM, an attribute, the clipboard or a count. Blocks can be ordered by
 * priority and low-priority ones folded into a disclosure that is not
 * mounted until opened.
 *
 * @example
 * <ContentBlocks blocks={result.content} order="priority" collapseBelow={0.4} staleAfterMs={864e5} />
 */
export const ContentBlocks = forwardRef<HTMLDivElement, ContentBlocksProps>(function ContentBlocks(
  {
    blocks,
    viewer = 'user',
    order = 'server',
    collapseBelow,
    neutralPriority,
    expanded: expandedProp,
    defaultExpanded = false,
    onExpandedChange,
    staleAfterMs,
    now,
    liveFreshness,
    locale,
    timeZone,
    onAnnotationIssue,
    renderText,
    components,
    copyable,
    onCopyText,
    imageTypes,
    audioTypes,
    labels: labelOverrides,
    className,
    ...props
  },
  ref,
) {
  const labels = useLabels(labelOverrides);
  const prepared = useMemo(
    () => prepareContent(blocks, { viewer, order, collapseBelow, neutralPriority, onAnnotationIssue, imageTypes, audioTypes }),
    [blocks, viewer, order, collapseBelow, neutralPriority, onAnnotationIssue, imageTypes, audioTypes],
  );
  const [expanded, setExpanded] = useControllableState({ value: expandedProp, defaultValue: defaultExpanded, onChange: onExpandedChange });
  const foldedId = useId();
  const renderers = useMemo(() => ({ ...defaultBlockRenderers, ...components }), [components]);
  const common = { labels, locale, renderText, staleAfterMs, now, liveFreshness, timeZone, copyable, onCopyText, renderers };
  const { folded } = prepared;
  return (
    <LabelsScope labels={labels}>
    <div data-slot="content-blocks" data-viewer={viewer} data-order={order} {...props} ref={ref} className={cx('mcp-content-blocks', className)}>
      {prepared.shown.map((block) => (
        <ContentBlockItem key={block.key} block={block} {...common} />
      ))}
      {folded.length > 0 && (
        <div data-slot="content-blocks-folded" data-state={expanded ? 'open' : 'closed'}>
          <button type="button" data-slot="content-blocks-toggle" aria-expanded={expanded} aria-controls={expanded ? foldedId : undefined} onClick={() => setExpanded(!expanded)}>
            {expanded ? labels.fewerBlocks : formatLabel(labels.moreBlocks, { count: folded.length })}
          </button>
          {expanded && (
            <div id={foldedId} data-slot="content-blocks-folded-content">
              {folded.map((block) => (
                <ContentBlockItem key={block.key} block={block} {...common} />
              ))}
            </div>
          )}
        </div>
      )}
    </div>
    </LabelsScope>
  );
});
ContentBlocks.displayName = 'ContentBlocks';

interface ItemProps {
  block: PreparedBlock;
  renderers: BlockRenderers;
  labels: Labels;
  locale: string | readonly string[] | undefined;
  renderText: ContentBlocksProps['renderText'];
  staleAfterMs: number | undefined;
  now: number | Date | undefined;
  liveFreshness: boolean | undefined;
  timeZone: string | undefined;
  copyable: boolean | undefined;
  onCopyText: ((text: string) => void) | undefined;
}

function ContentBlockItem({ block, renderers, labels, locale, renderText, staleAfterMs, now, liveFreshness, timeZone, copyable, onCopyText }: ItemProps) {
  const Renderer = renderers[block.view.kind] as ComponentType<BlockRendererProps<BlockKind>>;
  const copyText = block.view.kind === 'text' ? block.view.text : block.view.kind === 'resource_text' ? block.view.text : null;
  return (
    <div data-slot="content-block" data-kind={block.view.kind} data-priority={block.priority}>
      <Renderer view={block.view} block={block} labels={labels} locale={locale} renderText={renderText} />
      {(block.lastModified || (copyable && copyText !== null)) && (
        <div data-slot="content-block-footer">
          {block.lastModified && (
            <>
              {labels.lastModified}{' '}
              <Freshness date={block.lastModified} staleAfterMs={staleAfterMs} now={now} live={liveFreshness} locale={locale} timeZone={timeZone} />
            </>
          )}
          {copyable && copyText !== null && <CopyButton text={copyText} label={labels.copy} copiedLabel={labels.copied} onCopyText={onCopyText} />}
        </div>
      )}
    </div>
  );
}
