// Stories for src/ai-sdk/react: an AI SDK tool UI part in each of its states.
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { DynamicToolUIPart } from 'ai';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { McpToolPart } from '../src/ai-sdk/react.js';
import { reasonsToWire } from '../src/gate/reasons.js';
import { ConsentProvider } from '../src/index.js';

const TEST = ['!dev', '!autodocs'];
const metadata = { clientName: 'everything', toolName: 'get-annotated-message', title: 'Get Annotated Message Tool', annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } };
const base = { type: 'dynamic-tool', toolName: 'get-annotated-message', toolCallId: 'call-1', title: 'Get Annotated Message Tool', toolMetadata: metadata, input: { messageType: 'debug', includeImage: false } } as const;
const part = (extra: Record<string, unknown>) => ({ ...base, ...extra }) as unknown as DynamicToolUIPart;

const meta = {
  title: 'Components/McpToolPart',
  component: McpToolPart,
  args: { part: part({ state: 'input-available' }), addToolApprovalResponse: fn(), onRemember: fn() },
  decorators: [
    (Story, { parameters }) => (
      <ConsentProvider servers={{ everything: { trust: parameters.trust ?? 'untrusted', name: 'server-everything' } }} approvalUI={parameters.approvalUI ?? 'inline'}>
        <Story />
      </ConsentProvider>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'A tool UI part from `useChat` (`react-mcp-annotations/ai-sdk/react`), drawn with `ToolCallCard`: badges from the MCP tool metadata, trust from the provider (keyed by the MCP client name), the user view of the output. `approval-requested` is answered with the library’s confirmation — inline (here) or in the dialog — through `addToolApprovalResponse`; a remembered approval goes to `onRemember` for the next request body.',
      },
    },
  },
} satisfies Meta<typeof McpToolPart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The model is still writing the arguments. */
export const InputStreaming: Story = { args: { part: part({ state: 'input-streaming', input: { messageType: 'deb' } }) } };
/** The call runs on the server. */
export const InputAvailable: Story = {};
/** The server asked for a person: the card asks inline; Deny first. */
export const ApprovalRequested: Story = { args: { part: part({ state: 'approval-requested', approval: { id: 'ap-1', requestReason: 'This server is not trusted, so every call needs your approval.' } }) } };
/** The same, in the dialog. */
export const ApprovalRequestedDialog: Story = { ...ApprovalRequested, parameters: { approvalUI: 'dialog', layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 520 } } } };
/** Approved; the server runs it. */
export const ApprovalResponded: Story = { args: { part: part({ state: 'approval-responded', approval: { id: 'ap-1', approved: true } }) } };
/** The result, as the user sees it (an assistant-only block never arrives; if it did, it would not show). */
export const OutputAvailable: Story = {
  args: {
    part: part({
      state: 'output-available',
      output: { content: [{ type: 'text', text: 'Error: Operation failed', annotations: { priority: 1, audience: ['user', 'assistant'] } }, { type: 'text', text: 'model-only', annotations: { audience: ['assistant'] } }] },
    }),
  },
};
export const OutputError: Story = { args: { part: part({ state: 'output-error', errorText: 'MCP error -32603: the server failed' }) } };
/** The person said no. */
// What the browser sends for a person's "no", and what the server sends for a policy's block: codes, worded here.
export const OutputDenied: Story = { args: { part: part({ state: 'output-denied', approval: { id: 'ap-1', approved: false, reason: reasonsToWire([{ code: 'user-denied' }]) } }) } };
/** The server's policy said no (a block on the request that carried the approval). */
export const OutputDeniedByPolicy: Story = { args: { part: part({ state: 'output-denied', approval: { id: 'ap-1', approved: false, reason: reasonsToWire([{ code: 'untrusted-server' }, { code: 'hints-assumed', hints: ['destructive'] }]) } }) } };
/** Another policy's own words (not this library's codes) are shown as they are. */
export const OutputDeniedByAnotherPolicy: Story = { args: { part: part({ state: 'output-denied', approval: { id: 'ap-1', approved: false, reason: 'The host does not allow this tool.' } }) } };

// Interaction tests ----------------------------------------------------------

export const ApproveInlineTest: Story = {
  ...ApprovalRequested,
  tags: TEST,
  play: async ({ args, canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Needs your approval' });
    await userEvent.click(within(region).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(args.addToolApprovalResponse).toHaveBeenCalledWith({ id: 'ap-1', approved: true }));
  },
};

export const EscapeDeniesInDialogTest: Story = {
  ...ApprovalRequestedDialog,
  tags: TEST,
  play: async ({ args }) => {
    await screen.findByRole('alertdialog', { name: 'Allow Get Annotated Message Tool?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.addToolApprovalResponse).toHaveBeenCalledWith({ id: 'ap-1', approved: false, reason: reasonsToWire([{ code: 'user-denied' }]) }));
  },
};

export const OutputHidesAssistantOnlyTest: Story = {
  ...OutputAvailable,
  tags: TEST,
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('Error: Operation failed');
    await expect(canvasElement.textContent).not.toContain('model-only');
  },
};
