/**
 * MCP Apps tool visibility (`_meta.ui.visibility`): who may call a tool.
 * Absent means `["model", "app"]` (the spec's default). A list is read as
 * written: a tool reaches the model only if the list includes `"model"`, and
 * an app may call it only if it includes `"app"` (so `[]` reaches neither).
 * Anything else (not a list, unreadable) reaches neither: fail closed.
 */
import { copyArray, isObjectLike, ownData } from '../core/shared/read.js';
import type { Tool } from '../core/shared/types.js';

/** Who may call a tool, as its server declared it. */
export interface ToolVisibility {
  /** The model may see and call it. */
  model: boolean;
  /** An app from the same server may call it. */
  app: boolean;
  /** `default`: nothing declared; `list`: a list was read; `malformed`: unreadable, so neither. */
  declared: 'default' | 'list' | 'malformed';
}

/** Reads a tool's `_meta.ui.visibility`. Never throws. */
export function toolVisibility(tool: unknown): ToolVisibility {
  const meta = ownData(tool, '_meta');
  if (meta === undefined) return { model: true, app: true, declared: 'default' };
  if (!isObjectLike(meta)) return { model: false, app: false, declared: 'malformed' };
  const ui = ownData(meta, 'ui');
  if (ui === undefined) return { model: true, app: true, declared: 'default' };
  if (!isObjectLike(ui)) return { model: false, app: false, declared: 'malformed' };
  const raw = ownData(ui, 'visibility');
  if (raw === undefined) return { model: true, app: true, declared: 'default' };
  const list = copyArray(raw, 16);
  if (list === null) return { model: false, app: false, declared: 'malformed' };
  return { model: list.includes('model'), app: list.includes('app'), declared: 'list' };
}

/** The tools of a `tools/list` result (or a list of tools), read once; malformed entries dropped. Never throws. */
export function toolsOf(listing: unknown): Tool[] {
  const raw = Array.isArray(listing) ? listing : ownData(listing, 'tools');
  const list = copyArray(raw) ?? [];
  return list.filter((tool): tool is Tool => isObjectLike(tool) && typeof ownData(tool, 'name') === 'string');
}

/** The tools the model may see: pass a server's `tools/list` result (or its `tools`). App-only tools never reach the model. */
export function toolsForModel<T extends Tool>(listing: readonly T[] | { tools: readonly T[] } | unknown): T[] {
  return toolsOf(listing).filter((tool) => toolVisibility(tool).model) as T[];
}

/** The tools an app from this server may call. Model-only tools are never callable from the app. */
export function toolsForApp<T extends Tool>(listing: readonly T[] | { tools: readonly T[] } | unknown): T[] {
  return toolsOf(listing).filter((tool) => toolVisibility(tool).app) as T[];
}

/**
 * An AI SDK tool set (`await mcpClient.tools()`) without the tools the
 * model must not see, judged by the same server's `tools/list`. A name the
 * listing does not have is the host's own tool and stays; a listed tool that
 * is not visible to the model, or whose visibility cannot be read, is left
 * out.
 */
export function toolSetForModel<S extends Record<string, unknown>>(toolSet: S, listing: unknown): Partial<S> {
  const hidden = new Set(toolsOf(listing).filter((tool) => !toolVisibility(tool).model).map((tool) => tool.name));
  const out: Partial<S> = {};
  for (const name of Object.keys(toolSet)) {
    if (hidden.has(name)) continue;
    Object.defineProperty(out, name, { value: toolSet[name], enumerable: true, writable: true, configurable: true });
  }
  return out;
}
