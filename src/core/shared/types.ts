/**
 * The MCP shapes this library accepts, written to be structurally compatible
 * with the spec revisions 2025-06-18 through 2026-07-28 and with the types of
 * `@modelcontextprotocol/sdk`. Arrays are `readonly` so frozen or SDK-typed
 * data is accepted as is. At run time every function still treats its input
 * as untrusted: these types describe what a well-behaved server sends, not
 * what the code assumes.
 */

/** Who a content block is meant for. */
export type Role = 'user' | 'assistant';

/** Annotations on content blocks and resources. All fields are hints. */
export interface Annotations {
  /** Roles the block is meant for. Absent means everyone. */
  audience?: readonly Role[] | undefined;
  /** Importance from 0 (least) to 1 (most). */
  priority?: number | undefined;
  /** ISO 8601 time of the last change. */
  lastModified?: string | undefined;
}

/** Hints a server attaches to a tool. None are guarantees. */
export interface ToolAnnotations {
  /** Human-readable title (lower precedence than `Tool.title`). */
  title?: string | undefined;
  /** The tool does not modify its environment. Default false. */
  readOnlyHint?: boolean | undefined;
  /** A non-read-only tool may destroy data. Default true. */
  destructiveHint?: boolean | undefined;
  /** Repeating a call with the same arguments has no extra effect. Default false. */
  idempotentHint?: boolean | undefined;
  /** The tool reaches an open world of external entities. Default true. */
  openWorldHint?: boolean | undefined;
}

/** An icon a server offers for a tool or resource (spec 2025-11-25). */
export interface Icon {
  src: string;
  mimeType?: string | undefined;
  sizes?: readonly string[] | undefined;
  theme?: 'light' | 'dark' | undefined;
}

/** A JSON Schema object as sent in `inputSchema` / `outputSchema`. */
export interface ToolSchema {
  type?: string | undefined;
  properties?: Record<string, unknown> | undefined;
  required?: readonly string[] | undefined;
  [key: string]: unknown;
}

/** A tool definition from `tools/list`. */
export interface Tool {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: ToolSchema | undefined;
  outputSchema?: ToolSchema | undefined;
  annotations?: ToolAnnotations | undefined;
  icons?: readonly Icon[] | undefined;
  /** How the tool runs (spec 2025-11-25): `taskSupport: "required"` means only as a background task. */
  execution?: ToolExecution | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** Execution properties of a tool. */
export interface ToolExecution {
  taskSupport?: 'required' | 'optional' | 'forbidden' | undefined;
}

/** Fields every content block may carry. */
interface BlockBase {
  annotations?: Annotations | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** A text block (`type: "text"`). */
export interface TextContent extends BlockBase {
  type: 'text';
  text: string;
}

/** An image block: base64 bytes and their MIME type. */
export interface ImageContent extends BlockBase {
  type: 'image';
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

/** An audio block: base64 bytes and their MIME type. */
export interface AudioContent extends BlockBase {
  type: 'audio';
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

/** A link to a resource the host may fetch (`type: "resource_link"`). */
export interface ResourceLink extends BlockBase {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  mimeType?: string | undefined;
  size?: number | undefined;
  icons?: readonly Icon[] | undefined;
}

export interface TextResourceContents {
  uri: string;
  mimeType?: string | undefined;
  text: string;
  _meta?: Record<string, unknown> | undefined;
}

export interface BlobResourceContents {
  uri: string;
  mimeType?: string | undefined;
  /** Base64-encoded bytes. */
  blob: string;
  _meta?: Record<string, unknown> | undefined;
}

/** A resource's contents inside the message (`type: "resource"`). */
export interface EmbeddedResource extends BlockBase {
  type: 'resource';
  resource: TextResourceContents | BlobResourceContents;
}

/** Every content block type of the current spec. */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** The `type` values of {@link ContentBlock}. */
export type ContentBlockType = ContentBlock['type'];

/** The result of `tools/call`. */
export interface CallToolResult {
  content: readonly ContentBlock[];
  /** Object (or, since 2026-07-28, array) matching the tool's output schema. */
  structuredContent?: unknown | undefined;
  isError?: boolean | undefined;
  _meta?: Record<string, unknown> | undefined;
}

/** The result of `tools/list`. `ttlMs` arrived in spec 2026-07-28. */
export interface ListToolsResult {
  tools: readonly Tool[];
  nextCursor?: string | undefined;
  ttlMs?: number | undefined;
  _meta?: Record<string, unknown> | undefined;
}
