'use client';
import { useControllableState } from '@radix-ui/react-use-controllable-state';
import { forwardRef, useId, useMemo, type ComponentPropsWithoutRef, type ComponentType, type ReactNode } from 'react';
import type { Viewer } from '../../core/content/audience.js';
import { prepareContent, type BlockKind, type BlockOrder, type PreparedBlock } from '../../core/content/content.js';
import type { NowSource } from '../../core/consent/index.js';
import type { AnnotationIssueHandler } from '../../core/shared/issues.js';
import { DEFAULT_NEUTRAL_PRIORITY } from '../../core/content/priority.js';
import { finiteNumber } from '../../core/shared/read.js';
import { contentLabels, type ContentLabels, formatLabel, type Labels } from '../../internal/default-labels.js';
import { Icon } from '../../internal/icons.js';
import { LabelsScope, useLabels, useLocale } from '../../internal/labels.js';
import { Freshness } from '../freshness/freshness.js';
import { CopyButton, defaultBlockRenderers, type BlockRendererProps, type BlockRenderers, type OpenResourceRequest } from './default-renderers.js';

/** Props of {@link ContentBlocks}: its options plus any `div` attribute. */
export interface ContentBlocksProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'>, ContentBlocksOptions {}

/** What {@link ContentBlocks} does with the blocks (everything but the `div` attributes). */
export interface ContentBlocksOptions {
  /** Content blocks as the server sent them. Anything malformed is checked, never trusted. */
  blocks: unknown;
  /**
   * Who is looking. Default `"user"`: forgetting the prop is safe. `"assistant"`
   * shows what the model sees (a debug view), with assistant-only blocks marked.
   */
  viewer?: Viewer | undefined;
  /** `"server"` keeps the server's order (default); `"priority"` sorts highest first, stable. */
  order?: BlockOrder | undefined;
  /** Fold blocks whose priority is below this into an accessible disclosure. */
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
  /** Reference time for server rendering and hydration of freshness labels, or a clock function. */
  now?: NowSource | undefined;
  /** Keep freshness labels current with the shared clock after hydration (as `Freshness`'s `live`). Default true; false pins them to `now`. */
  live?: boolean | undefined;
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
  /** Opens resource links the browser cannot follow (`file:`, custom schemes), e.g. through `resources/read`. */
  onOpenResource?: ((resource: OpenResourceRequest) => void) | undefined;
  /**
   * When nothing is visible, say that the content was for the assistant
   * (only if something was hidden). Off by default: the user view never
   * reveals that hidden content exists, so an empty result and an all-hidden
   * one look the same.
   */
  revealHidden?: boolean | undefined;
  /**
   * Alt text of an image block, from what the host knows (a caption, the
   * call that made it); `""` marks it decorative. Default: the `image` label.
   */
  altText?: ((block: PreparedBlock) => string | undefined) | undefined;
  /** Image MIME types rendered from base64. */
  imageTypes?: readonly string[] | undefined;
  /** Audio MIME types rendered from base64. */
  audioTypes?: readonly string[] | undefined;
  labels?: Partial<Labels> | undefined;
}

/** The option names of {@link ContentBlocksOptions}, so wrappers can pass them on and spread the rest. */
export const CONTENT_BLOCKS_OPTIONS = [
  'viewer',
  'order',
  'collapseBelow',
  'neutralPriority',
  'expanded',
  'defaultExpanded',
  'onExpandedChange',
  'staleAfterMs',
  'now',
  'live',
  'locale',
  'timeZone',
  'onAnnotationIssue',
  'renderText',
  'components',
  'copyable',
  'onCopyText',
  'onOpenResource',
  'revealHidden',
  'altText',
  'imageTypes',
  'audioTypes',
  'labels',
] as const satisfies ReadonlyArray<keyof ContentBlocksOptions>;
// An option added to the type but not to the list fails here (wrappers would pass it on to a <div>).
type MissingOption = Exclude<keyof ContentBlocksOptions, 'blocks' | (typeof CONTENT_BLOCKS_OPTIONS)[number]>;
const optionsComplete: [MissingOption] extends [never] ? true : MissingOption = true;
void optionsComplete;

/** Everything items share, built once per list rather than once per block. */
interface Shared {
  viewer: Viewer;
  renderers: BlockRenderers;
  labels: ContentLabels;
  locale: string | readonly string[] | undefined;
  renderText: ContentBlocksProps['renderText'];
  staleAfterMs: number | undefined;
  now: NowSource | undefined;
  live: boolean | undefined;
  timeZone: string | undefined;
  copyable: boolean | undefined;
  onCopyText: ((text: string) => void) | undefined;
  onOpenResource: ContentBlocksProps['onOpenResource'];
  altText: ContentBlocksProps['altText'];
  /** A priority equal to it is the default: not written. */
  neutral: number;
}

/**
 * Renders MCP content blocks for one viewer. Audience is filtered in core
 * before anything renders, so blocks the viewer may not see never reach the
 * DOM, an attribute, the clipboard or a count. Blocks can be ordered by
 * priority and low-priority ones folded into a disclosure that is not
 * mounted until opened. Nothing visible gives one neutral line.
 *
 * @example
 * <ContentBlocks blocks={result.content} order="priority" collapseBelow={0.4} staleAfterMs={864e5} />
 */
export const ContentBlocks = forwardRef<HTMLDivElement, ContentBlocksProps>(function ContentBlocks(
  {
    blocks,
    viewer: viewerProp = 'user',
    order = 'server',
    collapseBelow,
    neutralPriority,
    expanded: expandedProp,
    defaultExpanded = false,
    onExpandedChange,
    staleAfterMs,
    now,
    live,
    locale,
    timeZone,
    onAnnotationIssue,
    renderText,
    components,
    copyable,
    onCopyText,
    onOpenResource,
    revealHidden,
    altText,
    imageTypes,
    audioTypes,
    labels: labelOverrides,
    className,
    ...props
  },
  ref,
) {
  // Anything but exactly "assistant" is the user view: typos fail closed.
  const viewer: Viewer = viewerProp === 'assistant' ? 'assistant' : 'user';
  const labels = useLabels(labelOverrides, contentLabels);
  const messageLocale = useLocale(locale);
  const prepared = useMemo(
    () => prepareContent(blocks, { viewer, order, collapseBelow, neutralPriority, onAnnotationIssue, imageTypes, audioTypes }),
    [blocks, viewer, order, collapseBelow, neutralPriority, onAnnotationIssue, imageTypes, audioTypes],
  );
  const [expanded = false, setExpanded] = useControllableState({ prop: expandedProp, defaultProp: defaultExpanded, onChange: onExpandedChange, caller: 'ContentBlocks' });
  const foldedId = useId();
  const renderers = useMemo(() => (components ? { ...defaultBlockRenderers, ...components } : defaultBlockRenderers), [components]);
  const shared: Shared = { viewer, labels, locale: messageLocale, renderText, staleAfterMs, now, live, timeZone, copyable, onCopyText, onOpenResource, altText, renderers, neutral: finiteNumber(neutralPriority) ?? DEFAULT_NEUTRAL_PRIORITY };
  const { shown, folded, hiddenCount } = prepared;
  const empty = shown.length === 0 && folded.length === 0;
  return (
    <LabelsScope labels={labels}>
      {/* Defaults are not written: only the assistant view and priority order are. */}
      <div data-slot="content-blocks" data-viewer={viewer === 'user' ? undefined : viewer} data-order={order === 'server' ? undefined : order} data-state={empty ? 'empty' : undefined} {...props} ref={ref} className={className}>
        {empty && (
          <p data-slot="content-blocks-empty">
            {revealHidden && hiddenCount > 0 ? labels.contentForAssistant : labels.noContent}
          </p>
        )}
        {shown.map((block) => renderItem(block, shared))}
        {folded.length > 0 && (
          <div data-slot="content-blocks-folded" data-state={expanded ? 'open' : 'closed'}>
            <button
              type="button"
              data-slot="content-blocks-toggle"
              aria-expanded={expanded}
              aria-controls={expanded ? foldedId : undefined}
              onClick={() => setExpanded(!expanded)}
            >
              <Icon name="chevron" /> {formatLabel(labels.moreBlocks, { count: folded.length }, messageLocale)}
            </button>
            {expanded && (
              <div id={foldedId} data-slot="content-blocks-folded-content">
                {folded.map((block) => renderItem(block, shared))}
              </div>
            )}
          </div>
        )}
      </div>
    </LabelsScope>
  );
});
ContentBlocks.displayName = 'ContentBlocks';

// A plain function, not a component: no fiber, context read or memo per block.
function renderItem(block: PreparedBlock, shared: Shared) {
  const { renderers, labels, viewer, copyable } = shared;
  const Renderer = renderers[block.view.kind] as ComponentType<BlockRendererProps<BlockKind>>;
  const view = block.view;
  const copyText = copyable ? (view.kind === 'text' || view.kind === 'resource_text' ? view.text : null) : null;
  const assistantOnly = viewer === 'assistant' && block.audience !== 'everyone' && !block.audience.includes('user');
  return (
    <div
      key={block.key}
      data-slot="content-block"
      data-kind={view.kind}
      data-priority={block.priority === shared.neutral ? undefined : block.priority}
      data-audience={assistantOnly ? 'assistant' : undefined}
    >
      {assistantOnly && (
        <span data-slot="content-block-audience">
          <Icon name="info" /> {labels.assistantOnly}
        </span>
      )}
      <Renderer view={view} block={block} labels={labels} alt={view.kind === 'image' ? shared.altText?.(block) : undefined} locale={shared.locale} renderText={shared.renderText} onOpenResource={shared.onOpenResource} />
      {/* No footer wrapper: the date is one element, the copy button sits at the block's end corner. */}
      {block.lastModified && <Freshness prefix={labels.lastModified} lastModified={block.lastModified} staleAfterMs={shared.staleAfterMs} now={shared.now} live={shared.live} locale={shared.locale} timeZone={shared.timeZone} />}
      {copyText !== null && <CopyButton text={copyText} label={labels.copy} copiedLabel={labels.copied} onCopyText={shared.onCopyText} />}
    </div>
  );
}
