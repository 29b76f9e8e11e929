/** The host's policy as every kind reads it: its servers, its mode, its tool lists and its rules for server requests. */
import type { ToolListsByServer } from '../tool/collisions.js';
import type { PolicyMode, ToolOverride, Trust } from '../shared/policy.js';
import type { ServerRequestPolicy } from '../requests/server-requests.js';

/** How the host sees one server. */
export interface ServerConfig {
  /** Default `untrusted`. */
  trust?: Trust | undefined;
  /** Name shown to people; default: the server id. */
  name?: string | undefined;
  /** Per-tool overrides for this server, by tool name. */
  overrides?: Readonly<Record<string, ToolOverride>> | undefined;
  /**
   * The name the server gives itself (`serverInfo.name`, or
   * `_meta["io.modelcontextprotocol/serverInfo"]`). Display-only, never a
   * trust key: when it looks like another configured server's name, that
   * server's calls are flagged (squatting) and always ask.
   */
  claimedName?: string | undefined;
}

/** The host's policy, which may change at any time; what is pending is decided again at every step. */
export interface ConsentPolicy extends ServerRequestPolicy {
  /** Servers by id. Unknown servers are untrusted. */
  servers?: Readonly<Record<string, ServerConfig>> | undefined;
  /** Host-wide mode. Default `default`. */
  mode?: PolicyMode | undefined;
  /**
   * Every server's current tool list, by server id (e.g. the snapshots of
   * `watchMcpTools`). A tool name offered by two servers, or a look-alike of
   * one, is flagged on both (shadowing), always asks and is never remembered.
   */
  toolLists?: ToolListsByServer | undefined;
  /**
   * The session taint guard (off by default): once the result of an
   * open-world tool has entered the conversation, writes and further
   * open-world calls ask, even for trusted servers, until `resetTaint()`.
   */
  taintGuard?: boolean | undefined;
}

