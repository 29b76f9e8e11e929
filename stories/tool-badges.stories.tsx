// Stories for src/components/tool-badges.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ToolBadge, ToolBadges, ToolBadgesRoot } from '../src/index.js';
import type { Tool } from '../src/core/types.js';
import { bareTool, createEntitiesTool, deleteEntitiesTool, fetchTool, readFileTool } from '../test/fixtures/tools.js';
import styles from './stories.module.css';

const meta = {
  title: 'Components/ToolBadges',
  component: ToolBadges,
  args: { tool: readFileTool, trust: 'trusted' },
  argTypes: { trust: { control: 'inline-radio', options: ['trusted', 'untrusted'] } },
  parameters: {
    docs: {
      description: {
        component:
          'One badge per hint that matters. Assumed hints are dashed and say "assumed"; an untrusted server’s hints read as claims. Hover or focus a badge for a plain-words explanation.',
      },
    },
  },
} satisfies Meta<typeof ToolBadges>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReadOnlyTrusted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const badge = canvas.getByText('Read-only').closest('li')!;
    await userEvent.tab();
    await expect(badge).toHaveFocus();
    await expect(badge).toHaveAccessibleDescription('Does not change anything.');
    await expect(canvas.getByRole('tooltip')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('tooltip')).toBeNull();
  },
};

export const Untrusted: Story = {
  args: { trust: 'untrusted' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Claims: Read-only')).toBeInTheDocument();
  },
};

export const AdditiveWrite: Story = { args: { tool: createEntitiesTool } };
export const DestructiveIdempotent: Story = { args: { tool: deleteEntitiesTool } };
export const ReadOnlyOpenWorld: Story = { args: { tool: fetchTool } };

export const NoneDeclared: Story = {
  args: { tool: bareTool },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Tool hints' });
    await expect(list).toHaveTextContent('Destructive (assumed)');
    await expect(list).toHaveTextContent('Reaches outside (assumed)');
  },
};

export const UnknownTool: Story = { args: { tool: undefined } };

export const MalformedHints: Story = {
  args: { tool: { name: 'odd', annotations: { readOnlyHint: 'true', destructiveHint: 0, openWorldHint: null } } as unknown as Tool },
};

const BOOLS = [true, false] as const;
const ALL_DECLARED: Tool[] = BOOLS.flatMap((readOnlyHint) =>
  BOOLS.flatMap((destructiveHint) =>
    BOOLS.flatMap((idempotentHint) =>
      BOOLS.map((openWorldHint) => ({
        name: `ro=${readOnlyHint} de=${destructiveHint} id=${idempotentHint} ow=${openWorldHint}`,
        annotations: { readOnlyHint, destructiveHint, idempotentHint, openWorldHint },
      })),
    ),
  ),
);

/** All 16 fully declared combinations, trusted and untrusted. */
export const AllDeclaredCombinations: Story = {
  render: () => (
    <table className={styles.grid}>
      <caption>Every declared hint combination</caption>
      <thead>
        <tr>
          <th scope="col">Annotations</th>
          <th scope="col">Trusted server</th>
          <th scope="col">Untrusted server</th>
        </tr>
      </thead>
      <tbody>
        {ALL_DECLARED.map((tool) => (
          <tr key={tool.name}>
            <th scope="row">
              <code>{tool.name}</code>
            </th>
            <td>
              <ToolBadges tool={tool} trust="trusted" />
            </td>
            <td>
              <ToolBadges tool={tool} trust="untrusted" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
};

/** A host reorders badges and drops the reach badge through the render function. */
export const CustomComposition: Story = {
  render: (args) => (
    <ToolBadgesRoot tool={args.tool} trust={args.trust}>
      {(badges) =>
        badges
          .filter((badge) => badge.hint !== 'openWorld')
          .reverse()
          .map((badge) => <ToolBadge key={badge.kind} badge={badge} className={styles.customBadge} />)
      }
    </ToolBadgesRoot>
  ),
  args: { tool: deleteEntitiesTool },
};
