// Stories for src/components/tool-badges.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ConsentProvider, ToolBadge, ToolBadges } from '../src/index.js';
import type { Tool } from '../src/core/shared/types.js';
import { bareTool, createEntitiesTool, deleteEntitiesTool, fetchTool, readFileTool, researchTool, rtlTool } from '../test/fixtures/tools.js';
import styles from './stories.module.css';

const TEST = ['!dev', '!autodocs'];

const meta = {
  title: 'Components/ToolBadges',
  component: ToolBadges,
  args: { tool: readFileTool, trust: 'trusted' },
  argTypes: { trust: { control: 'inline-radio', options: ['trusted', 'untrusted'] } },
  parameters: {
    docs: {
      description: {
        component:
          'One badge per hint that matters: risk (read-only, writes, destructive) first and prominent, the rest (safe to retry, reach, background) quiet. Assumed hints are dashed and say "assumed". For an untrusted server the group says once that its hints are unverified. Badges are not tab stops: hover one for a plain-words explanation, which is also its accessible description. Inside a `ConsentProvider`, pass `serverId` and the trust comes from the provider.',
      },
    },
  },
} satisfies Meta<typeof ToolBadges>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReadOnlyTrusted: Story = {};
export const Untrusted: Story = { args: { trust: 'untrusted' } };
export const AdditiveWrite: Story = { args: { tool: createEntitiesTool } };
export const DestructiveIdempotent: Story = { args: { tool: deleteEntitiesTool } };
export const ReadOnlyOpenWorld: Story = { args: { tool: fetchTool } };

export const RunsInBackground: Story = { args: { tool: researchTool } };
export const NoneDeclared: Story = { args: { tool: bareTool } };

export const UnknownTool: Story = { args: { tool: undefined } };

const sendEmail: Tool = { name: 'send_email', title: 'Send email', inputSchema: { type: 'object' }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true } };
/** A tool name two servers offer (shadowing), known from the provider's `toolLists`: flagged first, naming the other server. */
export const ShadowedName: Story = {
  args: { tool: sendEmail, serverId: 'mail' },
  decorators: [
    (Story) => (
      <ConsentProvider servers={{ mail: { name: 'Mail', trust: 'trusted' }, helper: { name: 'Notes helper' } }} toolLists={{ mail: [sendEmail], helper: [sendEmail] }}>
        <Story />
      </ConsentProvider>
    ),
  ],
};

export const ShadowedNameTest: Story = {
  ...ShadowedName,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Tool hints' });
    const [first] = within(list).getAllByRole('listitem');
    await expect(first).toHaveTextContent('Same name on Notes helper');
    await expect(first).toHaveAttribute('data-kind', 'shadowed');
  },
};

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
    <ToolBadge.Root tool={args.tool} trust={args.trust}>
      {(badges) =>
        badges
          .filter((badge) => badge.hint !== 'openWorld')
          .reverse()
          .map((badge) => <ToolBadge.Item key={badge.kind} badge={badge} className={styles.customBadge} />)
      }
    </ToolBadge.Root>
  ),
  args: { tool: deleteEntitiesTool },
};

/** In a 280 px sidebar, untrusted and assumed badges still fit on at most two lines. */
export const NarrowSidebar: Story = {
  render: () => (
    <div className={styles.sidebar}>
      {[readFileTool, fetchTool, deleteEntitiesTool, createEntitiesTool, bareTool, researchTool, undefined].map((tool, i) => (
        <ToolBadges key={i} tool={tool} trust="untrusted" />
      ))}
    </div>
  ),
};

export const RightToLeft: Story = {
  args: { tool: rtlTool, trust: 'untrusted' },
  decorators: [
    (Story) => (
      <div dir="rtl" lang="ar">
        <Story />
      </div>
    ),
  ],
};

// Interaction tests ----------------------------------------------------------

export const HoverExplainsTest: Story = {
  tags: TEST,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const badge = canvas.getByText('Read-only').closest('li')!;
    await expect(badge).toHaveAccessibleDescription('Does not change anything.');
    await expect(badge).not.toHaveAttribute('tabindex');
    await userEvent.hover(badge);
    await expect(canvas.getByRole('tooltip')).toBeVisible();
    await userEvent.unhover(badge);
    // It closes a moment later (time to move onto it).
    await waitFor(() => expect(canvas.queryByRole('tooltip')).toBeNull());
  },
};

export const UntrustedSaysOnceTest: Story = {
  ...Untrusted,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Tool hints' });
    await expect(within(list).getAllByText('Unverified')).toHaveLength(1);
    await expect(list.textContent).not.toContain('Claims');
  },
};

export const NarrowSidebarTest: Story = {
  ...NarrowSidebar,
  tags: TEST,
  play: async ({ canvasElement }) => {
    for (const list of within(canvasElement).getAllByRole('list', { name: 'Tool hints' })) {
      // A new line starts where an item sits below the bottom of the line before.
      let lines = 0;
      let lineBottom = -Infinity;
      for (const child of list.children) {
        const box = child.getBoundingClientRect();
        if (box.top >= lineBottom - 2) lines++;
        lineBottom = box.top >= lineBottom - 2 ? box.bottom : Math.max(lineBottom, box.bottom);
      }
      await expect(lines, list.getAttribute('data-risk') ?? '').toBeLessThanOrEqual(2);
    }
  },
};

/** Badges at the end of a line: a tooltip that would overflow the viewport is moved back inside it. */
export const AtTheEdge: Story = {
  args: { tool: researchTool },
  render: (args) => (
    <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <ToolBadges {...args} />
    </div>
  ),
};

/** WCAG 1.4.13: the tooltip fits the viewport, stays while hovered, and Escape dismisses it (only it). */
export const TooltipFitsHoverableDismissibleTest: Story = {
  ...AtTheEdge,
  tags: TEST,
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    const last = items.at(-1)!;
    await userEvent.hover(last);
    const tooltip = await within(last).findByRole('tooltip');
    const rect = tooltip.getBoundingClientRect();
    await expect(rect.right).toBeLessThanOrEqual(document.documentElement.clientWidth);
    await expect(rect.left).toBeGreaterThanOrEqual(0);
    // Across the gap and onto the tooltip: it stays open.
    await userEvent.hover(tooltip);
    await expect(within(last).getByRole('tooltip')).toBeVisible();
    const escaped = new Promise<boolean>((resolve) => document.addEventListener('keydown', (event) => resolve(event.key === 'Escape'), { once: true }));
    await userEvent.keyboard('{Escape}');
    await expect(within(last).queryByRole('tooltip')).toBeNull();
    // The tooltip took this Escape: nothing below (a dialog's deny) hears it.
    await expect(Promise.race([escaped, new Promise((resolve) => setTimeout(() => resolve('unheard'), 50))])).resolves.toBe('unheard');
  },
};
