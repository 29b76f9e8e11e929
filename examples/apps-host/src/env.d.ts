/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** What the example talks to, for the page's heading. */
  readonly VITE_MCP_LABEL?: string;
}
