// Stories for registry/mcp: the shadcn registry's items, as a host's app has them after
// `shadcn add` (with shadcn's Button), in this Storybook's light and dark themes.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState, type ReactNode } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { McpConsentProvider } from '../registry/mcp/consent-provider.js';
import { McpContentBlocks } from '../registry/mcp/content-blocks.js';
import { McpElicitationDialog } from '../registry/mcp/elicitation-dialog.js';
import { McpSamplingDialog } from '../registry/mcp/sampling-dialog.js';
import { McpToolCallCard, type McpToolResultRenderer } from '../registry/mcp/tool-call-card.js';
import { McpToolConfirm } from '../registry/mcp/tool-confirm.js';
import { createConsentController, decideToolCall, toolKind, type ContentBlock, type Tool } from '../src/index.js';
import type { ElicitationPrompt } from '../src/components/elicitation/elicitation-dialog.js';
import type { SamplingPrompt } from '../src/components/sampling/sampling-dialog.js';
import { decideServerRequest } from '../src/core/requests/decide.js';
import { parseElicitationRequest } from '../src/core/requests/elicitation.js';
import { parseSamplingRequest } from '../src/core/requests/sampling.js';
import { FIXED_NOW, errorResult, mixedAudience, prioritised } from '../test/fixtures/content.js';
import { everythingElicitation, everythingSampling } from '../test/fixtures/server-requests.js';
import { deleteEntitiesTool } from '../test/fixtures/tools.js';
import './registry.css';

const TEST = ['!dev', '!autodocs'];
const weather: Tool = { name: 'get_weather', title: 'Weather', annotations: { readOnlyHint: true, openWorldHint: true } };
const forecast: ContentBlock[] = [
  { type: 'text', text: 'Oslo: 21°, sunny', annotations: { audience: ['user'] } },
  { type: 'text', text: 'station OSL-4711 raw METAR', annotations: { audience: ['assistant'] } },
];

/** A tool's own result view, registered by name: it gets the result without the assistant-only block. */
const WeatherView: McpToolResultRenderer = ({ result }) => (
  <ul aria-label="Forecast" className="grid gap-1 rounded-lg bg-muted p-3 text-sm">
    {result.content.map((block, i) => (
      <li key={i}>{block.type === 'text' ? block.text : block.type}</li>
    ))}
  </ul>
);

const meta = {
  title: 'Components/shadcn registry',
  component: McpToolCallCard,
  args: { serverId: 'memory', tool: deleteEntitiesTool, trust: 'trusted', args: { entityNames: ['Alice'] }, status: { type: 'awaiting-approval' } },
  parameters: {
    docs: {
      description: {
        component:
          'The registry’s items (`registry/mcp`, installed with `npx shadcn add ./node_modules/react-mcp-annotations/dist/registry/<item>.json`): the compositions as source in your app, built from the package’s parts and your Button. Here shadcn’s colour names point at this Storybook’s tokens; in your app they are your shadcn theme. Guide: “Tailwind v4 and shadcn/ui”.',
      },
    },
  },
} satisfies Meta<typeof McpToolCallCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The copied provider, whose controller already holds the card's call, so the card asks in place. */
function Asking({ children, onDenied }: { children: ReactNode; onDenied?: () => void }) {
  const [controller] = useState(() => createConsentController({ kinds: [toolKind()], servers: { memory: { trust: 'untrusted', name: 'Memory' } } }));
  useEffect(() => {
    void controller.requestApproval({ serverId: 'memory', tool: deleteEntitiesTool, args: { entityNames: ['Alice'] }, callId: 'call-1' }).then((result) => result.outcome === 'denied' && onDenied?.());
    return () => controller.dispose();
  }, [controller, onDenied]);
  return (
    <McpConsentProvider controller={controller} approvalUI="inline">
      {children}
    </McpConsentProvider>
  );
}

/** `McpToolCallCard` asking in place before a destructive call from an untrusted server: Allow is the Button in the destructive colour. */
export const CardAsksInPlace: Story = {
  args: { callId: 'call-1', trust: undefined },
  decorators: [(Story) => <Asking>{Story()}</Asking>],
};

/** Done: the package's result view, assistant-only block left out, by priority. */
export const CardDone: Story = {
  args: { status: { type: 'success', result: { content: mixedAudience } } },
};

/** A tool's own result view (`renderers`), given the result as the person may see it. */
export const CardWithAResultViewOfItsOwn: Story = {
  args: { tool: weather, serverId: 'weather', args: { city: 'Oslo' }, status: { type: 'success', result: { content: forecast } }, renderers: { get_weather: WeatherView } },
};

/** Failed: the server's error, and Retry as an outline Button (a new decision, never a blind re-run). */
export const CardError: Story = {
  args: { status: { type: 'error', result: errorResult }, onRetry: fn() },
  decorators: [(Story) => <McpConsentProvider servers={{ memory: { trust: 'trusted', name: 'Memory' } }}>{Story()}</McpConsentProvider>],
};

const confirmPrompt = { serverId: 'memory', serverName: 'Memory', tool: deleteEntitiesTool, args: { entityNames: ['Alice', 'Bob'] }, decision: decideToolCall({ tool: deleteEntitiesTool, trust: 'untrusted' }) };

/** `McpToolConfirm`: the dialog, with Deny (outline) focused first and Allow in the destructive colour. */
export const Confirmation: Story = {
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 560 } } },
  render: () => <McpToolConfirm prompt={confirmPrompt} onRespond={fn()} />,
};

const trust = 'untrusted';
const elicitationView = parseElicitationRequest(everythingElicitation);
const elicitationPrompt: ElicitationPrompt = { serverId: 'everything', serverName: 'Everything server', trust, view: elicitationView, decision: decideServerRequest({ kind: 'elicitation', trust, elicitation: elicitationView }) };

/** `McpElicitationDialog`: server-everything's form, every field type. */
export const Elicitation: Story = {
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 720 } } },
  render: () => <McpElicitationDialog prompt={elicitationPrompt} onRespond={fn(() => true)} openUrl={fn()} />,
};

const samplingView = parseSamplingRequest(everythingSampling);
const samplingPrompt: SamplingPrompt = { serverId: 'everything', serverName: 'Everything server', trust, stage: 'request', view: samplingView, decision: decideServerRequest({ kind: 'sampling', trust, sampling: samplingView }) };

/** `McpSamplingDialog`: a server asks to use your model; the request is reviewed first. */
export const Sampling: Story = {
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 720 } } },
  render: () => <McpSamplingDialog prompt={samplingPrompt} onRespond={fn(() => true)} />,
};

/** `McpContentBlocks`: highest priority first, the least important folded. */
export const ContentBlocks: Story = {
  render: () => <McpContentBlocks blocks={[...prioritised, ...mixedAudience]} now={FIXED_NOW} />,
};

/** Test: a tool's own view gets the forecast without the block meant for the model. */
export const ResultViewSeesNoAssistantBlock: Story = {
  ...CardWithAResultViewOfItsOwn,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const forecastList = within(canvasElement).getByRole('list', { name: 'Forecast' });
    await expect(forecastList).toHaveTextContent('Oslo: 21°, sunny');
    await expect(canvasElement).not.toHaveTextContent('OSL-4711');
  },
};

/** Test: Deny in the copied card answers; the card says Denied and Allow is gone. */
export const CardDenyInPlace: Story = {
  args: CardAsksInPlace.args,
  tags: TEST,
  render: (args) => {
    const [status, setStatus] = useState(args.status);
    const [denied] = useState(() => () => setStatus({ type: 'denied' }));
    return (
      <Asking onDenied={denied}>
        <McpToolCallCard {...args} status={status} />
      </Asking>
    );
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('article');
    const approval = await within(card).findByRole('region', { name: 'Needs your approval' });
    await expect(within(approval).getByRole('button', { name: 'Allow destructive action' })).toHaveAttribute('data-risk', 'destructive');
    await userEvent.click(within(approval).getByRole('button', { name: 'Deny' }));
    await expect(await within(card).findByRole('status')).toHaveTextContent('Denied');
    await expect(within(card).queryByRole('button', { name: 'Allow destructive action' })).toBeNull();
  },
};

/** Test: the copied confirmation answers deny from Deny, focused first. */
const onRespond = fn().mockName('onRespond');
export const ConfirmationDeny: Story = {
  tags: TEST,
  render: () => <McpToolConfirm prompt={confirmPrompt} onRespond={onRespond} />,
  play: async () => {
    onRespond.mockClear();
    const dialog = await screen.findByRole('alertdialog', { name: /^Allow .*\?$/ });
    const deny = within(dialog).getByRole('button', { name: 'Deny' });
    await expect(deny).toHaveFocus();
    await userEvent.click(deny);
    await expect(onRespond.mock.calls).toEqual([[{ action: 'deny' }]]);
  },
};
