import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-mcp-annotations/styles.css';
import { App } from './app.js';
import './app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App serverUrl={`${location.origin}/mcp`} label={import.meta.env.VITE_MCP_LABEL ?? 'MCP server'} />
  </StrictMode>,
);
