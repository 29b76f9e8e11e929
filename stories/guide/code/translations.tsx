// Every word from one table: pass a whole table and the locale once.
import type { ReactNode } from 'react';
import { ConsentProvider, LabelsProvider, type ServerConfig } from 'react-mcp-annotations';
import { de } from 'react-mcp-annotations/locales/de';

const servers: Record<string, ServerConfig> = { everything: { trust: 'untrusted' } };

export const GermanHost = ({ children }: { children: ReactNode }) => (
  <ConsentProvider servers={servers} labels={de} locale="de">
    {children}
  </ConsentProvider>
);

// Components outside a provider (badges in a tool list, say):
export const GermanWords = ({ children }: { children: ReactNode }) => (
  <LabelsProvider labels={de} locale="de">
    {children}
  </LabelsProvider>
);
