// The MCP Apps React layer in the provider: an app asks before it opens, a refusal can be asked again, and a
// provider whose controller has no app kind never frames an app.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AppRecord } from '../../src/apps/index.js';
type ConsentRecord = CoreRecord | AppRecord;
import { AppActionDialog, AppView } from '../../src/apps/react.js';
import type { ConsentRecord as CoreRecord } from '../../src/core/index.js';
import { ConsentProvider } from '../../src/index.js';
import { de, deApps } from '../../src/locales/de.js';
import { BuiltInProvider, createAppsController } from '../helpers/kinds.js';

const read = { contents: [{ uri: 'ui://transcript/mcp-app.html', mimeType: 'text/html;profile=mcp-app', text: '<p>app</p>', _meta: { ui: { permissions: { microphone: {} } } } }] };
const app = { serverId: 'transcript', resourceUri: 'ui://transcript/mcp-app.html', name: 'Transcript', version: '2.0.3' };

describe('AppView', () => {
  it('asks before the app opens; refused, it says so and can ask again; allowed, the frame gets only what was granted', async () => {
    const user = userEvent.setup();
    const records: ConsentRecord[] = [];
    const controller = createAppsController({ onDecision: (record) => records.push(record) });
    render(
      <ConsentProvider controller={controller} components={{ app: AppActionDialog }}>
        <AppView app={app} read={read} />
      </ConsentProvider>,
    );
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('This app waits for your permission to open.');
    let dialog = await screen.findByRole('alertdialog', { name: 'Transcript wants to open' });
    expect(within(dialog).getByText('An app from transcript (not a trusted server), version 2.0.3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Don’t allow' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You did not let this app open.');
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask again' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Transcript wants to open' });
    await user.click(within(dialog).getByRole('button', { name: 'Open app' }));
    const frame = await screen.findByTitle('App: Transcript');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    expect(frame).not.toHaveAttribute('allow');
    expect(frame.getAttribute('srcdoc')).toMatch(/^<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
    expect(records.filter((record): record is AppRecord => record.kind === 'app').map((record) => [record.outcome, record.granted])).toEqual([
      ['denied', []],
      ['allowed', []],
    ]);
  });

  it('domains the tool listing alone declares are shown before the app opens; an unticked one never reaches the frame (issue 33, class 1)', async () => {
    const user = userEvent.setup();
    const records: ConsentRecord[] = [];
    const controller = createAppsController({ onDecision: (record) => records.push(record) });
    // The content item declares nothing; the listing declares two domains.
    const bare = { contents: [{ uri: app.resourceUri, mimeType: 'text/html;profile=mcp-app', text: '<p>app</p>' }] };
    const listing = { uri: app.resourceUri, _meta: { ui: { csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] } } } };
    render(
      <ConsentProvider controller={controller} components={{ app: AppActionDialog }}>
        <AppView app={app} read={bare} listing={listing} />
      </ConsentProvider>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Transcript wants to open' });
    const api = within(dialog).getByRole('checkbox', { name: 'https://api.example.com' });
    const cdn = within(dialog).getByRole('checkbox', { name: 'https://cdn.example.com' });
    expect(api).toBeChecked();
    expect(cdn).toBeChecked();
    await user.click(api);
    await user.click(within(dialog).getByRole('button', { name: 'Open app' }));
    const csp = (await screen.findByTitle('App: Transcript')).getAttribute('srcdoc')!;
    expect(csp).toContain('https://cdn.example.com');
    expect(csp).not.toContain('https://api.example.com');
    expect(csp).toContain("connect-src 'none'");
    expect(records.filter((record): record is AppRecord => record.kind === 'app').map((record) => record.grantedDomains)).toEqual([['https://cdn.example.com']]);
  });

  it('a host answering a load itself: without domains every declared domain is granted, with a list only those declared in it', async () => {
    const controller = createAppsController();
    const resource = { contents: [{ uri: app.resourceUri, mimeType: 'text/html', text: '<p>app</p>', _meta: { ui: { csp: { connectDomains: ['https://a.example.com', 'https://b.example.com'] } } } }] };
    const answerWith = async (answer: object) => {
      const settled = controller.requestAppAction({ app, action: { type: 'load', resource } });
      await new Promise((resolve) => setTimeout(resolve, 0));
      controller.respond(controller.getSnapshot().current!.id, answer as never);
      return (await settled).grantedDomains;
    };
    expect(await answerWith({ action: 'approve' })).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(await answerWith({ action: 'approve', domains: ['https://b.example.com', 'https://undeclared.example.com'] })).toEqual(['https://b.example.com']);
    expect(await answerWith({ action: 'approve', domains: [] })).toEqual([]);
    expect(await answerWith({ action: 'deny' })).toEqual([]);
  });

  it('a provider whose controller has no app kind never frames an app, asks nobody, and offers no "Ask again" that cannot help', async () => {
    render(
      <BuiltInProvider>
        <AppView app={app} read={read} />
      </BuiltInProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('This app cannot open here: nothing in this host asks about apps.');
    expect(screen.queryByRole('button', { name: 'Ask again' })).toBeNull();
    expect(document.querySelector('[data-slot="app-view"]')).toHaveAttribute('data-status', 'unsupported');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('speaks German with deApps', async () => {
    const controller = createAppsController();
    render(
      <ConsentProvider controller={controller} components={{ app: AppActionDialog }} labels={{ ...de, ...deApps }} locale="de">
        <AppView app={app} read={read} />
      </ConsentProvider>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Transcript möchte sich öffnen' });
    expect(within(dialog).getByRole('checkbox', { name: 'Ihr Mikrofon' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Nicht erlauben' })).toHaveFocus();
  });
});
