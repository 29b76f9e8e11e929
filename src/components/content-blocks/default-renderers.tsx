'use client';
import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import type { BlockKind, BlockView, PreparedBlock } from '../../core/content.js';
import { formatLabel, type Labels } from '../../internal/default-labels.js';
import { formatBytes } from '../../core/media.js';
import { sanitizeLabel } from '../../core/text.js';
import { Icon } from '../../internal/icons.js';

/** What every block renderer receives. */
export interface BlockRendererProps<K extends BlockKind = BlockKind> {
  /** The checked view of the block: only safe URLs, only strings. */
  view: Extract<BlockView, { kind: K }>;
  /** The prepared block (server position, priority, date, raw block). */
  block: PreparedBlock;
  labels: Labels;
  locale?: string | readonly string[] | undefined;
  /** How the host renders text (e.g. Markdown); default: plain text with whitespace kept. */
  renderText?: ((text: string, block: PreparedBlock) => ReactNode) | undefined;
}

/** Renderers by block kind; override any of them through `components`. */
export type BlockRenderers = { [K in BlockKind]: ComponentType<BlockRendererProps<K>> };

/** Plain text, whitespace kept, never HTML. */
export function TextBlock({ view, block, renderText }: BlockRendererProps<'text'>) {
  return <div data-slot="content-text">{renderText ? renderText(view.text, block) : view.text}</div>;
}

/** An image from base64 data of an allowed type, or a placeholder. */
export function ImageBlock({ view, labels }: BlockRendererProps<'image'>) {
  if (!view.src) return <Placeholder text={labels.imageUnavailable} />;
  return <img data-slot="content-image" src={view.src} alt={labels.image} decoding="async" />;
}

/** Audio from base64 data of an allowed type, or a placeholder. */
export function AudioBlock({ view, labels }: BlockRendererProps<'audio'>) {
  if (!view.src) return <Placeholder text={labels.audioUnavailable} />;
  return <audio data-slot="content-audio" src={view.src} controls preload="metadata" aria-label={labels.audio} />;
}

/** A resource link: clickable only for http(s), with rel="noopener noreferrer". */
export function ResourceLinkBlock({ view, locale }: BlockRendererProps<'resource_link'>) {
  const name = view.title ?? view.name;
  const meta = [view.mimeType, formatBytes(view.size, locale)].filter(Boolean).join(' · ');
  return (
    <div data-slot="content-resource-link">
      <Icon name="link" />
      <div data-slot="content-resource-body">
        {view.href ? (
          <a href={view.href} target="_blank" rel="noopener noreferrer" data-slot="content-resource-name">
            {name}
          </a>
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
      </div>
    </div>
  );
}

/** An embedded text resource, with its URI and MIME type. */
export function ResourceTextBlock({ view }: BlockRendererProps<'resource_text'>) {
  return (
    <figure data-slot="content-resource-text">
      <figcaption data-slot="content-resource-caption">
        <code translate="no">{view.uri}</code>
        {view.mimeType && <span data-slot="content-resource-meta">{view.mimeType}</span>}
      </figcaption>
      <pre data-slot="content-resource-pre" tabIndex={0}>
        <code>{view.text}</code>
      </pre>
    </figure>
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
  const onDownload = useCallback(() => downloadBase64(view.data, view.fileName), [view.data, view.fileName]);
  return (
    <figure data-slot="content-resource-blob">
      <figcaption data-slot="content-resource-caption">
        <Icon name="file" />
        <code translate="no">{view.uri}</code>
        {meta && <span data-slot="content-resource-meta">{meta}</span>}
      </figcaption>
      {valid ? (
        <button type="button" data-slot="content-download" onClick={onDownload}>
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

/** A copy button for text the viewer can already see — never anything else. */
export function CopyButton({ text, label, copiedLabel, onCopyText }: { text: string; label: string; copiedLabel: string; onCopyText?: ((text: string) => void) | undefined }) {
  const [copied, setCopied] = useState(false);
  const copy = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      onCopyText?.(text);
    } catch {
      setCopied(false);
    }
  }, [text, onCopyText]);
  return (
    <button type="button" data-slot="content-copy" data-state={copied ? 'copied' : 'idle'} onClick={copy}>
      {copied ? copiedLabel : label}
    </button>
  );
}
