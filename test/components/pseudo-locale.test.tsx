// The pseudo-locale check: every value of the default message table is
// replaced by a marker, then every component is rendered in its main states.
// What a person reads (text, aria-label, title, alt, placeholder, accessible
// descriptions) may hold only markers, server data, numbers and what `Intl`
// formatted. Any other word is English fixed somewhere outside the table.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentBlocks, ElicitationDialog, Freshness, LabelsProvider, SamplingDialog, ToolBadges, ToolCallCard, ToolConfirmDialog, ToolResult, ToolSummary, decideToolCall, defaultLabels, toolCallStatusFromError, toolCallStatusFromResult, toolCallStatusFromTask, type Labels, type ToolCallStatus } from '../../src/index.js';
import { decideServerRequest } from '../../src/core/requests/decide.js';
import { parseElicitationRequest } from '../../src/core/requests/elicitation.js';
import { parseSamplingRequest, parseSamplingResult } from '../../src/core/requests/sampling.js';
import { describeUrl } from '../../src/core/text/url.js';
import { type PendingAppAction } from '../../src/apps/index.js';
import { appReasonLabels } from '../../src/apps/messages.js';
import type { AppActionView } from '../../src/apps/types.js';
import { AppActionDialog, appLabels } from '../../src/apps/react.js';
import { FIXED_NOW, dated, everyType, errorResult, malformed, mixedAudience, prioritised } from '../fixtures/content.js';
import { everythingElicitation, everythingSampling, richSampling, sensitiveElicitation, urlElicitation } from '../fixtures/server-requests.js';
import { bareTool, createEntitiesTool, deleteEntitiesTool, fetchTool, readFileTool } from '../fixtures/tools.js';
import { BuiltInProvider, createBuiltInController } from '../helpers/kinds.js';
import { McpChatError, McpToolPart, type McpToolPartLike } from '../../src/ai-sdk/react.js';
import { Chat } from '@ai-sdk/react';
import { DefaultChatTransport, dynamicTool, jsonSchema, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai';
import { createMcpChatRoute } from '../../src/ai-sdk/index.js';
import { createMcpChatStore } from '../../src/gate/index.js';
import { createScriptedModel } from '../../examples/ai-sdk-chat/server/scripted-model.js';
import { reasonsToWire } from '../../src/gate/reasons.js';

/** A marker that keeps the template's placeholders (and plural branches), so filled-in server data still shows. */
function pseudo(key: string, template: string): string {
  // Plural and select messages keep their structure; each branch becomes a marker.
  if (/\{\w+, (plural|select),/.test(template)) return template.replace(/(\w+|=\d+) \{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g, (_, branch: string, body: string) => `${branch} {⟦${key} ${body.replace(/[^#{}\w, ]/g, '').replace(/\b(?!\w*\})[A-Za-z]+\b/g, '').trim()}⟧}`);
  const placeholders = template.match(/\{[^{}]+\}/g) ?? [];
  return `⟦${key}${placeholders.length ? ' ' + placeholders.join(' ') : ''}⟧`;
}

const PSEUDO = Object.fromEntries(Object.entries(defaultLabels).map(([key, value]) => [key, pseudo(key, value)])) as Labels;

// Everything Intl formatted during a test: locale-formatted dates, numbers and lists are the locale's words, not ours.
const intlOutput = new Set<string>();
const restores: Array<() => void> = [];
function record<T extends object>(proto: T, name: string) {
  const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
  if (descriptor.get) {
    const get = descriptor.get;
    Object.defineProperty(proto, name, {
      ...descriptor,
      get(this: unknown) {
        const fn = get.call(this) as (...args: unknown[]) => string;
        return (...args: unknown[]) => {
          const out = fn(...args);
          intlOutput.add(out);
          return out;
        };
      },
    });
  } else {
    const fn = descriptor.value as (...args: unknown[]) => string;
    Object.defineProperty(proto, name, {
      ...descriptor,
      value(this: unknown, ...args: unknown[]) {
        const out = fn.apply(this, args);
        if (typeof out === 'string') intlOutput.add(out);
        return out;
      },
    });
  }
  restores.push(() => Object.defineProperty(proto, name, descriptor));
}
beforeAll(() => {
  record(Intl.DateTimeFormat.prototype, 'format');
  record(Intl.NumberFormat.prototype, 'format');
  record(Intl.RelativeTimeFormat.prototype, 'format');
  record(Intl.ListFormat.prototype, 'format');
});
afterAll(() => {
  for (const restore of restores) restore();
});

/** Every string leaf (and key) of the inputs a test gave: that is server data. */
function serverStrings(...inputs: unknown[]): string[] {
  const out = new Set<string>();
  const walk = (value: unknown, depth: number) => {
    if (depth > 12) return;
    if (typeof value === 'string') out.add(value);
    else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        out.add(key);
        walk(item, depth + 1);
      }
  };
  for (const input of inputs) walk(input, 0);
  return [...out].filter((s) => /\p{L}/u.test(s));
}

const PERSON_ATTRIBUTES = ['aria-label', 'title', 'alt', 'placeholder', 'aria-description', 'aria-roledescription', 'aria-valuetext'];

/** What a person can read or hear in the document, piece by piece. */
function readable(root: ParentNode = document.body): string[] {
  const pieces: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && (parent.tagName === 'STYLE' || parent.tagName === 'SCRIPT')) continue;
    if (node.textContent?.trim()) pieces.push(node.textContent);
  }
  for (const element of (root as Element).querySelectorAll('*')) {
    for (const name of PERSON_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value?.trim()) pieces.push(value);
    }
    // A control's value is what it shows (inputs pre-filled from the server's defaults).
    if ((element instanceof HTMLInputElement && element.type !== 'checkbox' && element.type !== 'radio') || element instanceof HTMLTextAreaElement) if (element.value.trim()) pieces.push(element.value);
  }
  return pieces;
}

/** The words left once markers, server data, Intl output, numbers and punctuation are taken out. */
function leaks(server: readonly string[]): string[] {
  const remove = [...server, ...intlOutput].sort((a, b) => b.length - a.length);
  const out: string[] = [];
  for (const piece of readable()) {
    let rest = piece;
    for (const s of remove) if (rest.includes(s)) rest = rest.split(s).join(' ');
    // Markers nest (a reason's marker holds its hints' markers): innermost first.
    for (let before = ''; before !== rest; ) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    // JSON shows server strings quoted and escaped; sanitised text may show bidi marks as symbols.
    rest = rest.replace(/[\s\p{P}\p{S}\p{N}]+/gu, ' ').trim();
    if (rest) out.push(`${rest}   ← in: ${JSON.stringify(piece.slice(0, 120))}`);
  }
  return [...new Set(out)];
}

function inTable(node: ReactNode) {
  return <LabelsProvider labels={PSEUDO}>{node}</LabelsProvider>;
}

const SERVER = { serverId: 'memory', serverName: 'Memory server' };
const confirmRequest = (tool = deleteEntitiesTool, extra: Record<string, unknown> = {}) => ({
  ...SERVER,
  tool,
  args: { entityNames: ['Alice', 'Bob'] },
  decision: decideToolCall({ tool, trust: 'untrusted', shadowedBy: ['Mail server'], annotationsChanged: ['title', 'annotations'] }),
  canRemember: true,
  ...extra,
});

describe('pseudo-locale: every word a person reads comes from the message table', () => {
  it('the table replaced is the whole table (the check would be empty otherwise)', () => {
    expect(Object.keys(PSEUDO).length).toBe(Object.keys(defaultLabels).length);
    expect(Object.values(PSEUDO).every((value) => value.includes('⟦'))).toBe(true);
  });

  it('badges, summary and freshness', () => {
    const tools = [deleteEntitiesTool, readFileTool, bareTool, fetchTool, createEntitiesTool];
    render(
      inTable(
        <>
          {tools.map((tool) => (
            <div key={tool.name}>
              <ToolBadges tool={tool} trust="untrusted" />
              <ToolBadges tool={tool} trust="trusted" />
              <ToolSummary tool={tool} trust="untrusted" />
            </div>
          ))}
          <Freshness lastModified="2026-11-29T12:00:00Z" now={FIXED_NOW} staleAfterMs={1000} />
          <Freshness lastModified="2026-11-30T11:59:00Z" now={FIXED_NOW} />
        </>,
      ),
    );
    expect(leaks(serverStrings(tools, 'Mail server'))).toEqual([]);
  });

  it('content blocks and tool results in every state', async () => {
    const user = userEvent.setup();
    render(
      inTable(
        <>
          <ContentBlocks blocks={everyType} copyable now={FIXED_NOW} />
          <ContentBlocks blocks={[...prioritised, ...dated]} order="priority" collapseBelow={0.5} defaultExpanded now={FIXED_NOW} staleAfterMs={86_400_000} />
          <ContentBlocks blocks={mixedAudience} viewer="assistant" />
          <ContentBlocks blocks={mixedAudience.filter((b) => b.annotations?.audience?.length === 1 && b.annotations.audience[0] === 'assistant')} revealHidden />
          <ContentBlocks blocks={[]} />
          <ContentBlocks blocks={malformed} />
          <ContentBlocks blocks={[{ type: 'mystery' }, { type: 'image', data: '!!', mimeType: 'image/svg+xml' }, { type: 'audio', data: '!!', mimeType: 'audio/x' }, { type: 'resource', resource: { uri: 'file:///x.bin', blob: '!!' } }]} />
          <ContentBlocks blocks={[{ type: 'text', text: 'line\n'.repeat(40) }]} />
          <ToolResult result={errorResult} />
          <ToolResult result={{ content: everyType, structuredContent: { total: 3 } }} viewer="assistant" />
          <ToolResult result={'not a result' as never} />
        </>,
      ),
    );
    await user.click(screen.getAllByRole('button', { name: /copy/ })[0]!);
    expect(leaks(serverStrings('pixel.png', everyType, prioritised, dated, mixedAudience, malformed, errorResult, 'mystery', 'line', 'file:///x.bin', { total: 3 }))).toEqual([]);
  });

  it('tool call cards in every status, with reasons, progress, tasks and errors', () => {
    const statuses: ToolCallStatus[] = [
      { type: 'awaiting-approval' },
      { type: 'running' },
      { type: 'running', progress: { progress: 3, total: 4, message: 'Deleting Bob' } },
      toolCallStatusFromTask({ taskId: 't1', status: 'input_required', statusMessage: 'Which Bob?' }),
      toolCallStatusFromTask({ taskId: 't2', status: 'failed' }),
      toolCallStatusFromResult({ content: [{ type: 'text', text: 'Deleted.' }] }),
      toolCallStatusFromResult(errorResult),
      toolCallStatusFromResult('garbage'),
      toolCallStatusFromResult({ resultType: 'mystery' }),
      toolCallStatusFromError(new Error('Server said no')),
      toolCallStatusFromError('garbage'),
      { type: 'error', message: 'Timed out' },
      { type: 'blocked', reasons: decideToolCall({ tool: deleteEntitiesTool, trust: 'trusted', mode: 'read-only' }).reasons },
      { type: 'denied' },
      { type: 'cancelled' },
    ];
    render(inTable(statuses.map((status, i) => <ToolCallCard key={i} serverId="memory" tool={deleteEntitiesTool} trust="untrusted" args={{ entityNames: ['Alice'] }} status={status} onCancel={() => {}} />)));
    expect(leaks(serverStrings(deleteEntitiesTool, { entityNames: ['Alice'] }, 'Deleting Bob', 'Which Bob?', errorResult, 'Server said no', 'Deleted.', 'Timed out', 'garbage', 'mystery'))).toEqual([]);
  });

  it('the tool confirmation: untrusted, shadowed, changed, remembered and read-only cases', () => {
    render(inTable(<ToolConfirmDialog prompt={confirmRequest()} onRespond={() => {}} />));
    expect(leaks(serverStrings(deleteEntitiesTool, SERVER, { entityNames: ['Alice', 'Bob'] }, 'Mail server'))).toEqual([]);
  });

  it('the tool confirmation for a bare tool (every hint assumed) under the taint guard', () => {
    render(inTable(<ToolConfirmDialog prompt={confirmRequest(bareTool, { decision: decideToolCall({ tool: bareTool, trust: 'trusted', tainted: true, lookAlikeOf: 'GitHub' }) })} onRespond={() => {}} />));
    expect(leaks(serverStrings(bareTool, SERVER, { entityNames: ['Alice', 'Bob'] }, 'GitHub'))).toEqual([]);
  });

  it('argument previews are worded by the table; structured output folds with counts alone', async () => {
    const user = userEvent.setup();
    // Digits only, so a cut string leaves no letters of its own; the placeholders must be markers.
    const deep = JSON.parse('{"a":'.repeat(10) + '1' + '}'.repeat(10)) as unknown;
    const args = { note: '0123456789'.repeat(60), deep, many: Array.from({ length: 5000 }, (_, i) => i) };
    render(
      inTable(
        <>
          <ToolConfirmDialog prompt={confirmRequest(deleteEntitiesTool, { args })} onRespond={() => {}} />
          <ToolCallCard serverId="memory" tool={deleteEntitiesTool} trust="untrusted" args={args} status={{ type: 'running' }} />
          <ToolResult result={{ content: [], structuredContent: { rows: Array.from({ length: 200_000 }, (_, i) => i) } }} viewer="assistant" />
        </>,
      ),
    );
    await user.click(screen.getByRole('button', { name: /showMore/ }));
    const text = document.body.textContent ?? '';
    for (const code of ['characters-cut', 'folded', 'hidden']) expect(text).toContain(`⟦preview.${code}`);
    expect(leaks(serverStrings(deleteEntitiesTool, SERVER, 'Mail server', { a: 1, note: 1, deep: 1, many: 1, rows: 1 }))).toEqual([]);
  });

  it('AI SDK tool parts in every state, with a policy\'s block arriving as codes', () => {
    const metadata = { clientName: 'everything', toolName: 'toggle-logging', annotations: { readOnlyHint: false, destructiveHint: true } };
    const base = { type: 'dynamic-tool', toolName: 'toggle-logging', toolCallId: 'call-1', toolMetadata: metadata, input: { level: 3 } } as const;
    const blocked = reasonsToWire([{ code: 'untrusted-server' }, { code: 'tool-shadowed', servers: ['Mail server'] }]);
    const parts = [
      { ...base, state: 'input-streaming', input: undefined },
      { ...base, state: 'input-available' },
      { ...base, state: 'approval-responded', approval: { id: 'a', approved: true } },
      { ...base, state: 'output-available', output: { content: [{ type: 'text', text: 'Logging started.' }] } },
      { ...base, state: 'output-error', errorText: 'MCP error -32603: boom' },
      { ...base, state: 'output-denied', approval: { id: 'a', approved: false, reason: reasonsToWire([{ code: 'user-denied' }]) } },
      { ...base, state: 'output-denied', approval: { id: 'a', approved: false, reason: blocked } },
      { ...base, state: 'output-denied', approval: { id: 'a', approved: true } },
    ] as McpToolPartLike[];
    render(inTable(<BuiltInProvider servers={{ everything: { trust: 'untrusted', name: 'Everything server' } }}>{parts.map((part, i) => <McpToolPart key={i} part={part} addToolApprovalResponse={() => {}} />)}</BuiltInProvider>));
    expect(document.body).toHaveTextContent('⟦reason.untrusted-server⟧');
    expect(leaks(serverStrings(metadata, base.input, 'Everything server', 'Mail server', 'Logging started.', 'MCP error -32603: boom'))).toEqual([]);
  });

  it('AI SDK parts from a real stream (the route, streamText, the UI message stream, useChat\'s Chat), and the route\'s refusal', async () => {
    // An MCP tool as @ai-sdk/mcp hands it over: a dynamic tool with the server's metadata.
    const metadata = { clientName: 'everything', toolName: 'toggle-simulated-logging', title: 'Toggle Simulated Logging', annotations: { readOnlyHint: false, openWorldHint: false } };
    const content = [{ type: 'text', text: 'Logging started.' }, { type: 'text', text: 'for the model only', annotations: { audience: ['assistant'] } }];
    const tools = { 'toggle-simulated-logging': { ...dynamicTool({ description: 'Toggles logging', inputSchema: jsonSchema({ type: 'object' }), execute: async () => ({ content }) }), metadata } };
    const chatOn = (authorize: 'anyone' | (() => boolean)) => {
      const route = createMcpChatRoute({ model: createScriptedModel().model, tools: () => tools, servers: { everything: { trust: 'untrusted', name: 'Everything server' } }, secret: 'pseudo-secret-0123456789abcdef0123456789', store: createMcpChatStore(), authorize, onError: () => {} });
      const fetch = (async (_url: unknown, init?: RequestInit) => route(new Request('http://localhost/api/chat', { method: 'POST', body: init?.body ?? null }))) as typeof globalThis.fetch;
      return new Chat<UIMessage>({ transport: new DefaultChatTransport({ api: 'http://localhost/api/chat', fetch }), sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses });
    };
    const settle = async (chat: Chat<UIMessage>) => {
      for (let i = 0; i < 300 && (chat.status === 'submitted' || chat.status === 'streaming'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const seen: McpToolPartLike[] = [];
    const toolPart = (chat: Chat<UIMessage>) => chat.messages.flatMap((message) => message.parts).filter((part) => part.type === 'dynamic-tool').at(-1) as McpToolPartLike;
    for (const approved of [true, false]) {
      const chat = chatOn('anyone');
      await chat.sendMessage({ text: 'toggle logging' });
      await settle(chat);
      const asked = toolPart(chat);
      seen.push(asked);
      await chat.addToolApprovalResponse({ id: asked.approval!.id, approved, ...(approved ? {} : { reason: reasonsToWire([{ code: 'user-denied' }]) }) });
      await settle(chat);
      seen.push(toolPart(chat));
    }
    expect(seen.map((part) => part.state)).toEqual(['approval-requested', 'output-available', 'approval-requested', 'output-denied']);
    const refused = chatOn(() => false);
    await refused.sendMessage({ text: 'toggle logging' });
    await settle(refused);
    render(
      inTable(
        <BuiltInProvider servers={{ everything: { trust: 'untrusted', name: 'Everything server' } }} approvalUI="inline">
          {seen.map((part, i) => <McpToolPart key={i} part={part} addToolApprovalResponse={() => {}} />)}
          <McpChatError error={refused.error} />
        </BuiltInProvider>,
      ),
    );
    expect(document.body).toHaveTextContent('⟦reason.chat-forbidden⟧');
    expect(leaks(serverStrings(metadata, 'Everything server', 'Logging started.'))).toEqual([]);
  });

  const elicitationPrompt = (params: unknown) => {
    const view = parseElicitationRequest(params);
    return { serverId: 'everything', serverName: 'Everything server', trust: 'untrusted' as const, view, decision: decideServerRequest({ kind: 'elicitation', trust: 'untrusted', elicitation: view }) };
  };

  it('elicitation: the form, its validation messages and the review', async () => {
    const user = userEvent.setup();
    render(inTable(<ElicitationDialog prompt={elicitationPrompt(everythingElicitation)} onRespond={() => true} />));
    for (const name of ['Piano', 'Violin', 'Drums']) await user.click(screen.getByRole('checkbox', { name }));
    await user.type(screen.getAllByRole('textbox')[0]!, 'Ada');
    await user.click(screen.getByRole('button', { name: /review/ }));
    // The check saw the validation messages (not an empty form).
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([expect.stringContaining('⟦invalid.max-items 3⟧')]);
    expect(leaks(serverStrings(everythingElicitation, 'Everything server', 'Ada'))).toEqual([]);
  });

  it('elicitation: a sensitive form, a URL and an invalid request', async () => {
    const user = userEvent.setup();
    const { unmount } = render(inTable(<ElicitationDialog prompt={elicitationPrompt(sensitiveElicitation)} onRespond={() => true} />));
    await user.type(screen.getByRole('textbox', { name: /^User name/ }), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'pw');
    await user.click(screen.getByRole('button', { name: /review/ }));
    expect(leaks(serverStrings(sensitiveElicitation, 'Everything server', 'ada', 'pw'))).toEqual([]);
    unmount();
    const { unmount: u2 } = render(inTable(<ElicitationDialog prompt={elicitationPrompt({ ...urlElicitation, url: 'http://xn--pple-43d.com/login' })} onRespond={() => true} />));
    expect(document.body).toHaveTextContent('⟦urlPunycode');
    // The URL is server data, shown split around its host (decoded, so a look-alike shows as what it imitates).
    expect(leaks(serverStrings(urlElicitation, 'http://xn--pple-43d.com/login', 'http://', '/login', new URL('http://xn--pple-43d.com').hostname, 'Everything server'))).toEqual([]);
    u2();
    render(inTable(<ElicitationDialog prompt={elicitationPrompt({ message: 'Hi', requestedSchema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`f${i}`, { type: 'mystery' }])) } })} onRespond={() => true} />));
    expect(document.body).toHaveTextContent('⟦problem.field-type-unknown f0 mystery⟧');
    expect(leaks(serverStrings('Hi', 'Everything server', 'mystery', 'f0', 'f1', 'f2'))).toEqual([]);
  });

  const samplingPrompt = (params: unknown, stage: 'request' | 'result' = 'request', result?: unknown) => {
    const view = parseSamplingRequest(params);
    return {
      serverId: 'everything',
      serverName: 'Everything server',
      trust: 'untrusted' as const,
      stage,
      view,
      ...(result !== undefined ? { result: parseSamplingResult(result) } : {}),
      decision: decideServerRequest({ kind: 'sampling', trust: 'untrusted', sampling: view }),
    };
  };

  it('MCP Apps: every consent an app asks for, in the app family\'s table', () => {
    const PSEUDO_APPS = Object.fromEntries(Object.entries(appLabels).map(([key, value]) => [key, pseudo(key, value)]));
    const none = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
    const views: AppActionView[] = [
      { type: 'load', domains: { ...none, connectDomains: ['https://api.example.com'], frameDomains: ['https://embed.example.com'] }, rejectedDomains: ['*'], permissions: ['camera', 'microphone', 'geolocation', 'clipboardWrite'] },
      { type: 'load', domains: none, rejectedDomains: [], permissions: [] },
      { type: 'open-link', url: describeUrl('https://user:pw@xn--pple-43d.com/login'), raw: 'https://user:pw@xn--pple-43d.com/login' },
      { type: 'open-link', url: null, raw: 'javascript:alert(1)' },
      { type: 'message', content: [{ type: 'text', text: 'Summarise page 3' }] },
      { type: 'model-context', content: [{ type: 'text', text: 'Page 3 is open' }], structuredContent: '{"page":3}' },
      { type: 'download', files: [{ name: 'report.pdf', mimeType: 'application/pdf', size: 4096 }, { name: 'notes.txt', mimeType: 'text/plain' }] },
    ];
    for (const [index, action] of views.entries()) {
      const codes = (['app-changed', 'app-opens-link'] as const).slice(0, 1 + (index % 2));
      const prompt: PendingAppAction = {
        id: `app-${index}`,
        kind: 'app',
        serverId: 'pdf',
        serverName: 'PDF server',
        trust: index % 2 ? 'trusted' : 'untrusted',
        app: { resourceUri: 'ui://pdf/viewer.html', name: 'PDF viewer', version: '2.0.4' },
        action,
        decision: { kind: 'app', action: 'confirm', reasons: codes.map((code) => ({ code, text: appReasonLabels[code] })), trust: 'untrusted', mode: 'default' },
        canRemember: true,
      };
      const { unmount } = render(<LabelsProvider labels={{ ...PSEUDO, ...PSEUDO_APPS }}>{<AppActionDialog prompt={prompt} onRespond={() => {}} />}</LabelsProvider>);
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();
      expect(leaks(serverStrings(action, 'PDF server', 'PDF viewer', '2.0.4', 'ui://pdf/viewer.html', 'pdf'))).toEqual([]);
      unmount();
    }
  });

  it('sampling: the request, the answer and an invalid request', async () => {
    const user = userEvent.setup();
    const { unmount } = render(inTable(<SamplingDialog prompt={samplingPrompt(richSampling)} onRespond={() => true} />));
    await user.click(screen.getByRole('button', { name: /edit/ }));
    // A protocol value is a person's word from the table, never the raw value (so it is not server data here).
    expect(document.body).toHaveTextContent('⟦includeContext.thisServer⟧');
    expect(leaks(serverStrings({ ...richSampling, includeContext: undefined }, 'Everything server'))).toEqual([]);
    unmount();
    const answer = { role: 'assistant', model: 'claude-test', content: { type: 'text', text: 'Three bullets.' }, stopReason: 'endTurn' };
    const { unmount: u2 } = render(inTable(<SamplingDialog prompt={samplingPrompt(everythingSampling, 'result', answer)} onRespond={() => true} />));
    expect(leaks(serverStrings(everythingSampling, answer, 'Everything server'))).toEqual([]);
    u2();
    render(inTable(<SamplingDialog prompt={samplingPrompt({ messages: [{ role: 'robot', content: 5 }] })} onRespond={() => true} />));
    expect(document.body).toHaveTextContent('⟦problem.message-role⟧');
    expect(leaks(serverStrings('Everything server', 'robot'))).toEqual([]);
  });

  it('the provider: a decision made by the controller, through its dialog and the card', async () => {
    const controller = createBuiltInController({ servers: { memory: { name: 'Memory server', trust: 'untrusted' } } });
    render(
      inTable(
        <BuiltInProvider controller={controller}>
          <ToolCallCard serverId="memory" tool={deleteEntitiesTool} callId="c1" args={{ entityNames: ['Alice'] }} status={{ type: 'awaiting-approval' }} />
        </BuiltInProvider>,
      ),
    );
    await act(async () => {
      void controller.requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, args: { entityNames: ['Alice'] }, callId: 'c1' });
    });
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(leaks(serverStrings(deleteEntitiesTool, SERVER, { entityNames: ['Alice'] }))).toEqual([]);
  });
});

describe('each family falls back to its own words (no provider)', () => {
  it('content blocks, results, freshness and badges name every control and show no empty or undefined word', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ContentBlocks blocks={everyType} copyable now={FIXED_NOW} />
        <ContentBlocks blocks={[...prioritised, ...dated]} order="priority" collapseBelow={0.5} now={FIXED_NOW} staleAfterMs={86_400_000} />
        <ContentBlocks blocks={mixedAudience} viewer="assistant" />
        <ContentBlocks blocks={[]} />
        <ContentBlocks blocks={malformed} />
        <ContentBlocks blocks={[{ type: 'mystery' }, { type: 'image', data: '!!', mimeType: 'image/svg+xml' }, { type: 'resource', resource: { uri: 'file:///x.bin', blob: '!!' } }]} />
        <ToolResult result={errorResult} />
        <ToolResult result={'not a result' as never} />
        <ToolResult result={{ content: [], structuredContent: { total: 3 } }} viewer="assistant" />
        <ToolBadges tool={deleteEntitiesTool} trust="untrusted" />
        <ToolBadges tool={bareTool} trust="trusted" />
        <ToolSummary tool={fetchTool} trust="untrusted" />
        <Freshness lastModified="2026-11-20T12:00:00Z" now={FIXED_NOW} staleAfterMs={1000} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: /more blocks?, lower priority/ }));
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAccessibleName();
    for (const image of screen.getAllByRole('img')) expect(image).toHaveAccessibleName();
    const words = readable();
    expect(words.filter((piece) => /\bundefined\b|\bnull\b/.test(piece))).toEqual([]);
    // The families' words are there, in English.
    for (const word of ['Copy text', 'Unverified', 'Destructive', 'stale', 'No content to show', 'The tool reported an error', 'Structured content']) expect(words.join(' ')).toContain(word);
  });
});

describe('the tool family falls back to its own words too (no provider)', () => {
  it('cards in every status and the confirmation name every control and show no empty or undefined word', () => {
    const statuses: ToolCallStatus[] = [
      { type: 'awaiting-approval' },
      { type: 'running', progress: { progress: 1, total: 2 } },
      toolCallStatusFromResult('garbage'),
      { type: 'blocked', reasons: decideToolCall({ tool: deleteEntitiesTool, trust: 'trusted', mode: 'read-only' }).reasons },
      { type: 'denied' },
    ];
    render(
      <>
        {statuses.map((status, i) => (
          <ToolCallCard key={i} serverId="memory" tool={i === 0 ? undefined : deleteEntitiesTool} args={{ a: 1 }} status={status} annotationsChanged={i === 1} onCancel={() => {}} />
        ))}
      </>,
    );
    const cards = readable().join(' ');
    for (const word of ['Waiting for approval', 'Unnamed tool', 'Running', 'Cancel', 'The server returned a result this app cannot read.', 'Only read-only tools may run in this session.', 'Denied', 'This tool changed since you approved it.']) expect(cards).toContain(word);
    const { unmount } = render(<ToolConfirmDialog prompt={confirmRequest(bareTool, { decision: decideToolCall({ tool: bareTool, trust: 'untrusted', shadowedBy: ['Mail'] }) })} onRespond={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Allow run_script?' });
    for (const button of within(dialog).getAllByRole('button')) expect(button).toHaveAccessibleName();
    expect(readable().filter((piece) => /\bundefined\b/.test(piece))).toEqual([]);
    expect(dialog).toHaveTextContent('The server did not say whether it only reads');
    unmount();
  });
});

