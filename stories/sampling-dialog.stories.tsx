// Stories for src/components/sampling.
// Display stories are inert; interaction tests are separate stories tagged '!dev'.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { SamplingDialog, type Trust } from '../src/index.js';
import type { SamplingPrompt } from '../src/components/sampling/sampling-dialog.js';
import { decideServerRequest } from '../src/core/requests/decide.js';
import { parseSamplingRequest, parseSamplingResult } from '../src/core/requests/sampling.js';
import { everythingSampling, richSampling } from '../test/fixtures/server-requests.js';

const prompt = (params: unknown, stage: SamplingPrompt['stage'] = 'request', result?: unknown, trust: Trust = 'untrusted', hidden: 'omit' | 'show' = 'omit'): SamplingPrompt => {
  const view = parseSamplingRequest(params);
  return {
    serverId: 'everything',
    serverName: 'Everything server',
    trust,
    stage,
    view,
    ...(result !== undefined ? { result: parseSamplingResult(result) } : {}),
    decision: decideServerRequest({ kind: 'sampling', trust, sampling: view }),
    hidden,
  };
};

// A history with an assistant-only note and an assistant-only tool result.
const withHidden = {
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What did the search find?' }, { type: 'text', text: 'INTERNAL: model-only note', annotations: { audience: ['assistant'] } }] },
    { role: 'user', content: [{ type: 'tool_result', toolUseId: 't1', content: [{ type: 'text', text: 'raw search dump (model only)' }], annotations: { audience: ['assistant'] } }] },
  ],
  maxTokens: 200,
};

const answer = { role: 'assistant', content: { type: 'text', text: '- Revenue rose 12%.\n- Costs were flat.\n- Outlook unchanged.' }, model: 'scripted-model', stopReason: 'endTurn' };
const TEST = ['!dev', '!autodocs'];

const meta = {
  title: 'Components/SamplingDialog',
  component: SamplingDialog,
  args: { prompt: prompt(everythingSampling), onRespond: fn(() => true) },
  parameters: {
    layout: 'fullscreen',
    docs: {
      story: { inline: false, iframeHeight: 720 },
      description: {
        component:
          'A server asks to use the host’s model (`sampling/createMessage`). The person reviews what would be sent — the messages through `ContentBlocks` (audience annotations apply), the system prompt, model preferences, `maxTokens`, any tools — and may edit or deny it; then reviews (and may edit) the model’s answer before it goes back. Escape denies; focus starts on Deny. Parts: `Sampling.Root`, `.Content`, `.Title`, `.Description`, `.Request`, `.Result`, `.Actions`.',
      },
    },
  },
} satisfies Meta<typeof SamplingDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** server-everything's `trigger-sampling-request`. */
export const Request: Story = {};
/** History, a model-only block (not shown), preferences, stop sequences and tools. */
export const RequestWithEverything: Story = { args: { prompt: prompt(richSampling) } };
export const RequestTrusted: Story = { args: { prompt: prompt(richSampling, 'request', undefined, 'trusted') } };
/** Asked during a call: the review names the call's tool. */
export const RequestDuringCall: Story = { args: { prompt: { ...prompt(everythingSampling), callId: 'call-2', callName: 'trigger-sampling-request' } } };
/** Editing the system prompt and the messages before they go to the model. */
export const Editing: Story = {
  args: { prompt: prompt(richSampling) },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  },
};
/** The model is answering. */
/** Blocks for the assistant only (a note, a tool result): not shown, and not sent (the default). */
export const HiddenBlocksOmitted: Story = { args: { prompt: prompt(withHidden) } };
/** `samplingHidden: 'show'`: the same blocks shown, marked for the model only, and then sent. */
export const HiddenBlocksShown: Story = { args: { prompt: prompt(withHidden, 'request', undefined, 'untrusted', 'show') } };
export const Generating: Story = { args: { prompt: prompt(everythingSampling, 'generating') } };
/** The answer, reviewed (and editable) before it goes back to the server. */
export const Answer: Story = { args: { prompt: prompt(richSampling, 'result', answer) } };
/** An answer that is not one text block is shown, not edited. */
export const AnswerNotText: Story = {
  args: { prompt: prompt(everythingSampling, 'result', { role: 'assistant', content: [{ type: 'text', text: 'Here is a chart:' }, { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' }], model: 'scripted-model' }) },
};
/** A request that cannot be shown faithfully: only Deny. */
export const Malformed: Story = { args: { prompt: prompt({ messages: 'not a list', maxTokens: -1 }) } };

// Interaction tests ----------------------------------------------------------

export const ApproveTest: Story = {
  tags: TEST,
  play: async ({ args }) => {
    await expect(await screen.findByRole('button', { name: 'Deny' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Send to model' }));
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'approve' });
  },
};

export const EditAnswerTest: Story = {
  ...Answer,
  tags: TEST,
  play: async ({ args }) => {
    const text = await screen.findByRole('textbox', { name: 'The model’s answer' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Short answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Send to server' }));
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'approve', text: 'Short answer.' });
  },
};

export const EscapeDeniesTest: Story = {
  tags: TEST,
  play: async ({ args }) => {
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onRespond).toHaveBeenCalledTimes(1);
    await expect(args.onRespond).toHaveBeenCalledWith({ action: 'deny' });
  },
};
