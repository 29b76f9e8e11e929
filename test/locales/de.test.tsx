// The German table: complete (a type error otherwise), the same placeholders as
// English, and rendered by the components in German with German plural and list rules.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContentBlocks, LabelsProvider, ToolCallCard, ToolConfirmDialog, decideToolCall, defaultLabels } from '../../src/index.js';
import { de } from '../../src/locales/de.js';
import { prioritised } from '../fixtures/content.js';
import { bareTool, deleteEntitiesTool } from '../fixtures/tools.js';
import { act } from 'react';
import { BuiltInProvider, createBuiltInController } from '../helpers/kinds.js';

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('the German message table', () => {
  it('has every key of the English table and no other, each with the same placeholders', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(defaultLabels).sort());
    for (const key of Object.keys(defaultLabels) as Array<keyof typeof defaultLabels>) {
      expect([key, [...new Set(placeholders(de[key]))].sort()]).toEqual([key, [...new Set(placeholders(defaultLabels[key]))].sort()]);
    }
  });

  it('the confirmation speaks German, with a German "oder" list of the assumed hints', () => {
    render(
      <LabelsProvider labels={de} locale="de">
        <ToolConfirmDialog prompt={{ serverId: 'm', serverName: 'Memory', tool: bareTool, args: {}, decision: decideToolCall({ tool: bareTool, trust: 'untrusted' }) }} onRespond={() => {}} />
      </LabelsProvider>,
    );
    const dialog = screen.getByRole('alertdialog', { name: `${bareTool.name} erlauben?` });
    expect(within(dialog).getByRole('list', { name: 'Warum Sie gefragt werden' })).toHaveTextContent('Der Server hat nicht angegeben, ob es nur liest, ob es Daten löschen oder überschreiben kann oder ob es nach außerhalb dieser App greift');
    expect(within(dialog).getByRole('button', { name: 'Destruktive Aktion erlauben' })).toBeInTheDocument();
  });

  it('plural rules follow the locale given once, and so do relative times', async () => {
    const user = userEvent.setup();
    render(
      <LabelsProvider labels={de} locale="de">
        <ContentBlocks blocks={[...prioritised, { type: 'text', text: 'alt', annotations: { lastModified: '2026-11-27T12:00:00Z' } }]} order="priority" collapseBelow={0.5} live={false} now={Date.parse('2026-11-30T12:00:00Z')} />
      </LabelsProvider>,
    );
    const toggle = screen.getByRole('button', { name: /weitere Blöcke, niedrigere Priorität$/ });
    await user.click(toggle);
    expect(screen.getByText(/Zuletzt geändert vor 3 Tagen/)).toBeInTheDocument();
  });

  it('the provider takes the table and the locale once; the controller\'s reasons come out in German', async () => {
    const controller = createBuiltInController({ servers: { m: { name: 'Memory', trust: 'untrusted' } } });
    render(
      <BuiltInProvider controller={controller} labels={de} locale="de">
        <ToolCallCard serverId="m" tool={deleteEntitiesTool} callId="c1" args={{}} status={{ type: 'error', code: 'call-failed' }} />
      </BuiltInProvider>,
    );
    expect(screen.getByText('Der Aufruf ist fehlgeschlagen.')).toBeInTheDocument();
    await act(async () => {
      void controller.requestApproval({ serverId: 'm', tool: deleteEntitiesTool, args: {}, callId: 'c1' });
    });
    expect(await screen.findByText('Diesem Server wird nicht vertraut, daher braucht jeder Aufruf Ihre Freigabe.')).toBeInTheDocument();
  });
});
