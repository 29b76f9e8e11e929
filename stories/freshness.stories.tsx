// Stories for src/components/freshness.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Freshness } from '../src/index.js';
import { FIXED_NOW } from '../test/fixtures/content.js';

const HOUR = 3_600_000;

const meta = {
  title: 'Components/Freshness',
  component: Freshness,
  args: { lastModified: new Date(FIXED_NOW - 3 * HOUR).toISOString(), now: FIXED_NOW, live: false, locale: 'en-US', timeZone: 'UTC' },
  parameters: { docs: { description: { component: 'A relative time (a `<time>` element) with the absolute time on hover, a stale state past a host-set age, and small clock skew read as "now". It is not a tab stop. All instances share one clock, and a tick re-renders only labels whose text changed. `now` takes a number, a Date or a clock function; with `live={false}` the label follows `now`.' } } },
} satisfies Meta<typeof Freshness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Fresh: Story = {};
export const JustNow: Story = { args: { lastModified: new Date(FIXED_NOW - 2000).toISOString() } };
export const Stale: Story = { args: { lastModified: new Date(FIXED_NOW - 10 * 24 * HOUR).toISOString(), staleAfterMs: 7 * 24 * HOUR } };
export const SmallFutureSkew: Story = { args: { lastModified: new Date(FIXED_NOW + 40_000).toISOString() } };
export const Future: Story = { args: { lastModified: new Date(FIXED_NOW + 5 * 24 * HOUR).toISOString() } };
export const Unparseable: Story = { args: { lastModified: '2025-02-30' } };
export const GermanLocale: Story = { args: { locale: 'de-DE', timeZone: 'Europe/Berlin' } };
export const Live: Story = { args: { lastModified: new Date(Date.now() - 45_000).toISOString(), now: undefined, live: true } };
