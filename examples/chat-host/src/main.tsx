import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-mcp-annotations/styles.css';
import { App } from './app.js';
import './app.css';

const params = new URLSearchParams(location.search);
const serverUrl = params.get('server') ?? import.meta.env.VITE_MCP_URL ?? 'http://127.0.0.1:3001/mcp';
// `?sdk=v2` runs the host on MCP SDK 2.x (`@modelcontextprotocol/client`); the default is 1.x.
const sdk = params.get('sdk') === 'v2' ? 'v2' : 'v1';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App serverUrl={serverUrl} sdk={sdk} />
  </StrictMode>,
);
