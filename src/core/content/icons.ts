import { isRecord, report, type AnnotationIssueHandler } from '../shared/issues.js';
import { DEFAULT_IMAGE_TYPES, mimeEssence, safeHttpUrl } from './media.js';
import type { Icon } from '../shared/types.js';

/** Options for {@link selectIcon}. */
export interface IconOptions {
  /** The theme the icon will be shown on. */
  theme?: 'light' | 'dark' | undefined;
  /**
   * Decides whether a remote (`https:`) icon may load. Off by default: a
   * remote icon tells whoever serves it the user's address and when they
   * looked.
   */
  allowRemoteIcon?: ((url: string) => boolean) | undefined;
  /** Image types allowed for `data:` icons. Default {@link DEFAULT_IMAGE_TYPES}. */
  imageTypes?: readonly string[] | undefined;
  onAnnotationIssue?: AnnotationIssueHandler | undefined;
}

const DATA_URL = /^data:([^;,]+)(;[^,]*)?;base64,[A-Za-z0-9+/=\s]+$/i;

/** The URL to load for one icon, or `null` when it is not safe to load. */
export function safeIconUrl(icon: unknown, options: IconOptions = {}): string | null {
  options ??= {};
  if (!isRecord(icon) || typeof icon.src !== 'string') return null;
  const src = icon.src.trim();
  const data = DATA_URL.exec(src);
  if (data) return (options.imageTypes ?? DEFAULT_IMAGE_TYPES).includes(mimeEssence(data[1])) ? src : null;
  const remote = safeHttpUrl(src);
  if (remote && remote.startsWith('https:') && options.allowRemoteIcon) {
    try {
      return options.allowRemoteIcon(remote) ? remote : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Picks the icon to show: the first safe icon for the current theme, else
 * the first safe icon without a theme, else any safe icon. Icons that are
 * malformed or use a scheme other than `data:`/`http(s):` are reported; a
 * well-formed icon the host chose not to load is not a server problem.
 */
export function selectIcon(icons: unknown, options: IconOptions = {}): { src: string; icon: Icon } | null {
  options ??= {};
  if (!Array.isArray(icons)) return null;
  const safe: Array<{ src: string; icon: Icon }> = [];
  icons.forEach((icon: unknown, index) => {
    const src = safeIconUrl(icon, options);
    if (src) safe.push({ src, icon: icon as Icon });
    else if (!isRecord(icon) || typeof icon.src !== 'string' || !/^\s*(data|https?):/i.test(icon.src)) report(options.onAnnotationIssue, 'tool-icon-rejected', `tool.icons[${index}]`, 'The icon is malformed or uses an unsafe scheme; it is not loaded.');
  });
  return (
    safe.find((entry) => options.theme !== undefined && entry.icon.theme === options.theme) ??
    safe.find((entry) => entry.icon.theme === undefined) ??
    safe[0] ??
    null
  );
}
