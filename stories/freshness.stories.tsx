// Stories for src/components/freshness.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Freshness } from '../src/index.js';
import { FIXED_NOW } from '../test/fixtures/content.js';

const HOUR = 3_600_000;

const meta = {
  title: 'Components/Freshness',
  component: Freshness,
  args: { date: new Date(FIXED_NOW - 3 * HOUR).toISOString(), now: FIXED_NOW, live: false, locale: 'en-US', timeZone: 'UTC' },
  parameters: { docs: { description: { component: 'A relative time with the absolute time on hover and focus. All instances share one clock.' } } },
} satisfies Meta<typeof Freshness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Fresh: Story = {};
export const JustNow: Story = { args: { date: new Date(FIXED_NOW - 2000).toISOString() } };
export const Stale: Story = { args: { date: new Date(FIXED_NOW - 10 * 24 * HOUR).toISOString(), staleAfterMs: 7 * 24 * HOUR } };
export const SmallFutureSkew: Story = { args: { date: new Date(FIXED_NOW + 40_000).toISOString() } };
export const Future: Story = { args: { date: new Date(FIXED_NOW + 5 * 24 * HOUR).toISOString() } };
export const Unparseable: Story = { args: { date: '2025-02-30' } };
export const GermanLocale: Story = { args: { locale: 'de-DE', timeZone: 'Europe/Berlin' } };
export const Live: Story = { args: { date: new Date(Date.now() - 45_000).toISOString(), now: undefined, live: true } };
