'use client';
import { announce } from '../../internal/announce.js';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { BlockKind, BlockView, PreparedBlock } from '../../core/content/content.js';
import { formatBytes } from '../../core/content/media.js';
import { sanitizeLabel } from '../../core/text/sanitize.js';
import { formatLabel, type ContentLabels } from '../../internal/default-labels.js';
import { Icon } from '../../internal/icons.js';

/** A resource link the browser cannot follow (`file:`, custom schemes), as handed to `onOpenResource`. */
export interface OpenResourceRequest {
  uri: string;
  name: string;
  mimeType: string | undefined;
}

/** What every block renderer receives. */
export interface BlockRendererProps<K extends BlockKind = BlockKind> {
  /** The checked view of the block: only safe URLs, only strings. */
  view: Extract<BlockView, { kind: K }>;
  /** The prepared block (server position, priority, date, snapshot of the block). */
  block: PreparedBlock;
  /** The content family's words (and any other key of the host's table). */
  labels: ContentLabels;
  /** Image blocks: the host's alt text (`altText`), when it gave one. */
  alt?: string | undefined;
  locale?: string | readonly string[] | undefined;
  /** How the host renders text (e.g. Markdown); default: plain text with whitespace kept. */
  renderText?: ((text: string, block: PreparedBlock) => ReactNode) | undefined;
  /** Opens a non-http(s) resource link (e.g. through `resources/read`). Without it such links are plain text. */
  onOpenResource?: ((resource: OpenResourceRequest) => void) | undefined;
}

/** Renderers by block kind; override any of them through `components`. */
export type BlockRenderers = { [K in BlockKind]: ComponentType<BlockRendererProps<K>> };

// Text longer than this gets a bounded, scrollable (and keyboard-reachable) box.
const LONG_TEXT_CHARS = 1200;
const LONG_TEXT_LINES = 20;

function isLong(text: string): boolean {
  if (text.length > LONG_TEXT_CHARS) return true;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && lines <= LONG_TEXT_LINES; i = text.indexOf('\n', i + 1)) lines++;
  return lines > LONG_TEXT_LINES;
}

/**
 * Plain text, whitespace kept, never HTML. JSON objects and arrays are shown
 * indented in a monospace block; long text gets a bounded box that scrolls
 * and can be reached with the keyboard.
 */
export function TextBlock({ view, block, renderText, labels }: BlockRendererProps<'text'>) {
  if (renderText) return <div data-slot="content-text">{renderText(view.text, block)}</div>;
  if (view.format === 'json') {
    const long = isLong(view.pretty ?? view.text);
    return (
      <pre data-slot="content-text" data-format="json" data-long={long || undefined} tabIndex={long ? 0 : undefined} role={long ? 'group' : undefined} aria-label={long ? labels.longText : undefined}>
        <code data-slot="code-text">{view.pretty ?? view.text}</code>
      </pre>
    );
  }
  const long = isLong(view.text);
  // Short plain text is the block's own text (one element less per block; the block keeps its whitespace).
  if (!long) return <>{view.text}</>;
  return (
    <div data-slot="content-text" data-long tabIndex={0} role="group" aria-label={labels.longText}>
      {view.text}
    </div>
  );
}

/** An image from base64 data of an allowed type, framed and never shown smaller than a thumbnail; or a placeholder. */
export function ImageBlock({ view, labels, alt }: BlockRendererProps<'image'>) {
  if (!view.src) return <Placeholder text={labels.imageUnavailable} />;
  return <img data-slot="content-image" src={view.src} alt={typeof alt === 'string' ? alt : labels.image} decoding="async" />;
}

/** Audio from base64 data of an allowed type, or a placeholder. */
export function AudioBlock({ view, labels }: BlockRendererProps<'audio'>) {
  if (!view.src) return <Placeholder text={labels.audioUnavailable} />;
  return <audio data-slot="content-audio" src={view.src} controls preload="metadata" aria-label={labels.audio} />;
}

/**
 * A resource link: a link for http(s) (new tab, `rel="noopener noreferrer"`),
 * a button when the host can open other schemes (`onOpenResource`), plain
 * text otherwise.
 */
export function ResourceLinkBlock({ view, locale, onOpenResource }: BlockRendererProps<'resource_link'>) {
  const name = view.title ?? view.name;
  const meta = [view.mimeType, formatBytes(view.size, locale)].filter(Boolean).join(' · ');
  return (
    // No wrapper: the name, URI, description and type sit in the block itself, the link icon is its ::before.
    <>
      {view.href ? (
        <a href={view.href} target="_blank" rel="noopener noreferrer" data-slot="content-resource-name">
          {name}
        </a>
      ) : onOpenResource ? (
        <button type="button" data-slot="content-resource-name" onClick={() => onOpenResource({ uri: view.uri, name: view.name, mimeType: view.mimeType })}>
          {name}
        </button>
      ) : (
        <span data-slot="content-resource-name">{name}</span>
      )}
      {!view.href && (
        <code data-slot="content-resource-uri" translate="no">
          {view.uri}
        </code>
      )}
      {view.description && <p data-slot="content-resource-description">{view.description}</p>}
      {meta && <span data-slot="content-resource-meta">{meta}</span>}
    </>
  );
}

/** An embedded text resource, with its URI and MIME type, in a bounded monospace box. */
export function ResourceTextBlock({ view, labels }: BlockRendererProps<'resource_text'>) {
  const long = isLong(view.text);
  return (
    // No wrappers: the URI, the type (text, muted by the block's style) and the text sit in the block itself.
    <>
      <code data-slot="content-resource-uri" translate="no">
        {view.uri}
      </code>
      {view.mimeType}
      <pre data-slot="content-resource-pre" data-long={long || undefined} tabIndex={long ? 0 : undefined} role={long ? 'group' : undefined} aria-label={long ? labels.longText : undefined}>
        {view.text}
      </pre>
    </>
  );
}

/** Decodes base64 and saves it as a file with a neutral type, so the browser never renders it. */
function downloadBase64(data: string, fileName: string): void {
  const binary = atob(data.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** An embedded binary resource: size and a safe download. */
export function ResourceBlobBlock({ view, labels, locale }: BlockRendererProps<'resource_blob'>) {
  const valid = view.byteLength !== null;
  const meta = [view.mimeType, formatBytes(view.byteLength, locale)].filter(Boolean).join(' · ');
  return (
    <figure data-slot="content-resource-blob">
      <figcaption data-slot="content-resource-caption">
        <Icon name="file" />
        <code translate="no" data-slot="content-resource-uri">
          {view.uri}
        </code>
        {meta && (
          <span data-slot="content-resource-meta">
            {meta}
          </span>
        )}
      </figcaption>
      {valid ? (
        <button type="button" data-slot="content-download" onClick={() => downloadBase64(view.data, view.fileName)}>
          {labels.download} <span data-slot="content-download-name">{view.fileName}</span>
        </button>
      ) : (
        <Placeholder text={labels.downloadUnavailable} />
      )}
    </figure>
  );
}

/** A content type this version does not know. */
export function UnknownBlock({ view, labels }: BlockRendererProps<'unknown'>) {
  return <Placeholder text={formatLabel(labels.unknownBlock, { type: sanitizeLabel(view.type, 40).text })} />;
}

/** A block too malformed to show. */
export function InvalidBlock({ labels }: BlockRendererProps<'invalid'>) {
  return <Placeholder text={labels.invalidBlock} />;
}

function Placeholder({ text }: { text: string }) {
  return (
    <p data-slot="content-placeholder">
      <Icon name="warning" /> {text}
    </p>
  );
}

/** The default renderer for each kind. */
export const defaultBlockRenderers: BlockRenderers = {
  text: TextBlock,
  image: ImageBlock,
  audio: AudioBlock,
  resource_link: ResourceLinkBlock,
  resource_text: ResourceTextBlock,
  resource_blob: ResourceBlobBlock,
  unknown: UnknownBlock,
  invalid: InvalidBlock,
};

/** An icon button that copies text the viewer can already see — never anything else. Shown on hover and focus. */
export function CopyButton({ text, label, copiedLabel, onCopyText }: { text: string; label: string; copiedLabel: string; onCopyText?: ((text: string) => void) | undefined }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      // The button keeps its one label; what happened is said politely.
      announce(copiedLabel);
      onCopyText?.(text);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" data-slot="content-copy" data-state={copied ? 'copied' : 'idle'} aria-label={label} title={copied ? copiedLabel : label} onClick={copy}>
      <Icon name={copied ? 'check' : 'copy'} />
    </button>
  );
}
