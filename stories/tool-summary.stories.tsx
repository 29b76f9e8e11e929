// Stories for src/components/tool-summary.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ConsentProvider, ToolSummary } from '../src/index.js';
import type { Tool } from '../src/core/shared/types.js';
import { bareTool, deleteEntitiesTool, disguisedTool, iconTool, longTitleTool, readFileTool, rtlTool } from '../test/fixtures/tools.js';

const meta = {
  title: 'Components/ToolSummary',
  component: ToolSummary,
  args: { tool: readFileTool, trust: 'trusted' },
  argTypes: {
    trust: { control: 'inline-radio', options: ['trusted', 'untrusted'] },
    theme: { control: 'inline-radio', options: [undefined, 'light', 'dark'] },
  },
  parameters: {
    docs: { description: { component: 'A tool row: display name, the real name whenever a title is shown, badges, plain-text description and a safe icon. Inside a `ConsentProvider`, pass `serverId`: the trust (and so the badges) come from the provider, as on every card.' } },
  },
} satisfies Meta<typeof ToolSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Trusted: Story = {};
export const Untrusted: Story = { args: { trust: 'untrusted' } };
export const Destructive: Story = { args: { tool: deleteEntitiesTool } };
export const NothingDeclared: Story = { args: { tool: bareTool } };
export const WithIcon: Story = { args: { tool: iconTool } };

/** A friendly title with a right-to-left override cannot hide the destructive machine name. */
export const DisguisedTitle: Story = {
  args: { tool: disguisedTool, trust: 'untrusted' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('wipe_disk')).toBeVisible();
    await expect(canvasElement.textContent).not.toMatch(/[\u202a-\u202e]/);
  },
};

export const VeryLongTitle: Story = { args: { tool: longTitleTool } };

export const RightToLeft: Story = {
  args: { tool: rtlTool },
  render: (args) => (
    <div dir="rtl" lang="ar">
      <ToolSummary {...args} />
    </div>
  ),
};

export const MissingName: Story = { args: { tool: { description: 'A tool object without a name.' } as Tool } };

/** Inside a provider, trust comes from the provider for the given `serverId` (the sidebar and the cards agree). */
export const InsideProvider: Story = {
  args: { trust: undefined, serverId: 'files' },
  decorators: [
    (Story) => (
      <ConsentProvider servers={{ files: { trust: 'trusted', name: 'Files' } }}>
        <Story />
      </ConsentProvider>
    ),
  ],
};
