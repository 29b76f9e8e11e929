// Tests for src/components/freshness.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Freshness, LabelsProvider, defaultLabels } from '../../../src/index.js';
import { freshnessLabels } from '../../../src/internal/default-labels.js';
import { CLOCK_TICK_MS, activeClockTimers } from '../../../src/internal/clock.js';
import { axe } from '../../axe.js';

const NOW = Date.parse('2026-11-30T12:00:00Z');
const tooltip = () => document.querySelector<HTMLElement>('[data-slot="freshness-tooltip"]');

afterEach(() => {
  vi.useRealTimers();
});

describe('Freshness', () => {
  it('renders a <time> with the relative label, the absolute time read in place and shown on hover, and is not a tab stop', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} live={false} locale="en-US" timeZone="UTC" />
        <button type="button">next</button>
      </>,
    );
    const time = screen.getByText('3 hours ago', { exact: false });
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-11-30T09:00:00.000Z');
    expect(time).not.toHaveAttribute('tabindex');
    await user.tab();
    expect(screen.getByRole('button', { name: 'next' })).toHaveFocus();
    // The absolute time is text read in place (visually hidden by the stylesheet): no hover, no description, no tooltip element.
    expect(time).toHaveTextContent('3 hours ago (Nov 30, 2026, 9:00:00 AM UTC)');
    expect(time.querySelector('[data-slot="freshness-date"]')).toHaveTextContent('(Nov 30, 2026, 9:00:00 AM UTC)');
    expect(time).not.toHaveAttribute('aria-describedby');
    expect(tooltip()).toBeNull();
    // The tooltip exists only while open: a visible copy, hidden from assistive technology (which read the text already).
    await user.hover(time);
    expect(tooltip()).toHaveTextContent(/^Nov 30, 2026, 9:00:00 AM UTC$/);
    expect(tooltip()).toHaveAttribute('aria-hidden', 'true');
    expect(time.parentElement!.querySelectorAll('[data-slot="freshness-tooltip"]')).toHaveLength(1);
    // Hoverable: the pointer moves onto the tooltip and it stays.
    await user.hover(tooltip()!);
    expect(tooltip()).toBeInTheDocument();
    // Dismissible with Escape while hovered, though nothing has focus; closing removes it.
    await user.keyboard('{Escape}');
    expect(tooltip()).toBeNull();
    await user.hover(time);
    expect(tooltip()).toBeInTheDocument();
    await user.unhover(time);
    await waitFor(() => expect(tooltip()).toBeNull());
    expect(time).toHaveTextContent(/^3 hours ago \(Nov 30, 2026, 9:00:00 AM UTC\)$/);
  });

  it('a tooltip whose label unmounted while open does not swallow the next Escape (a dialog below must hear it)', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} live={false} locale="en-US" timeZone="UTC" />);
    await user.hover(screen.getByText('3 hours ago', { exact: false }));
    expect(tooltip()).toBeInTheDocument();
    unmount();
    const heard = vi.fn();
    document.addEventListener('keydown', heard);
    await user.keyboard('{Escape}');
    document.removeEventListener('keydown', heard);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('follows a changed `now` when not live, and accepts number, Date or a clock function', () => {
    const { rerender } = render(<Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} live={false} locale="en-US" />);
    expect(screen.getByText('3 hours ago')).toBeInTheDocument();
    rerender(<Freshness lastModified="2026-11-30T09:00:00Z" now={new Date(NOW + 3_600_000)} live={false} locale="en-US" />);
    expect(screen.getByText('4 hours ago')).toBeInTheDocument();
    rerender(<Freshness lastModified="2026-11-30T09:00:00Z" now={() => NOW + 7_200_000} live={false} locale="en-US" />);
    expect(screen.getByText('5 hours ago')).toBeInTheDocument();
  });

  it('says stale in words past the host-set age', () => {
    const { container } = render(<Freshness lastModified="2026-11-20T12:00:00Z" now={NOW} live={false} staleAfterMs={86_400_000} locale="en-US" />);
    expect(container.firstElementChild).toHaveAttribute('data-state', 'stale');
    expect(container.firstElementChild!.tagName).toBe('TIME');
    expect(container).toHaveTextContent('last week (stale)');
  });

  it('takes "stale" from a LabelsProvider or its own labels prop, in that order of precedence', () => {
    // Freshness reads its one string without the full default table (P5), so check all three sources.
    expect(freshnessLabels.stale).toBe(defaultLabels.stale);
    const props = { lastModified: '2026-11-20T12:00:00Z', now: NOW, live: false, staleAfterMs: 86_400_000, locale: 'en-US' } as const;
    const { container, rerender } = render(
      <LabelsProvider labels={{ stale: 'veraltet' }}>
        <Freshness {...props} />
      </LabelsProvider>,
    );
    expect(container).toHaveTextContent('last week (veraltet)');
    rerender(
      <LabelsProvider labels={{ stale: 'veraltet' }}>
        <Freshness {...props} labels={{ stale: 'old' }} />
      </LabelsProvider>,
    );
    expect(container).toHaveTextContent('last week (old)');
  });

  it('renders nothing for an unparseable date and reports it', () => {
    const onAnnotationIssue = vi.fn();
    const { container } = render(<Freshness lastModified="yesterday" onAnnotationIssue={onAnnotationIssue} />);
    expect(container).toBeEmptyDOMElement();
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'last-modified-invalid', value: 'yesterday' }));
  });

  it('follows the host locale', () => {
    render(<Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} live={false} locale="de-DE" />);
    expect(screen.getByText('vor 3 Stunden')).toBeInTheDocument();
  });

  it('shares one clock: many labels mean one timer, none once unmounted', () => {
    vi.useFakeTimers({ now: NOW });
    const dates = Array.from({ length: 50 }, (_, i) => new Date(NOW - i * 60_000).toISOString());
    const { unmount } = render(
      <>
        {dates.map((date) => (
          <Freshness key={date} lastModified={date} locale="en-US" />
        ))}
      </>,
    );
    expect(activeClockTimers()).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(activeClockTimers()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('moves with the shared clock', () => {
    vi.useFakeTimers({ now: NOW });
    render(<Freshness lastModified={new Date(NOW - 50_000).toISOString()} locale="en-US" />);
    expect(screen.getByText('50 seconds ago')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS));
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();
  });

  it('renders the same HTML on the server for the same `now`, with no timer (where a mounted label starts one)', () => {
    vi.useFakeTimers({ now: NOW });
    const html = renderToString(<Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} locale="en-US" timeZone="UTC" />);
    expect(html).toContain('3 hours ago');
    expect(html).toContain('dateTime="2026-11-30T09:00:00.000Z"');
    expect(renderToString(<Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} locale="en-US" timeZone="UTC" />)).toBe(html);
    expect(vi.getTimerCount()).toBe(0);
    expect(activeClockTimers()).toBe(0);
    // The same element mounted in a live page does start the shared clock: the check above can fail.
    const { unmount } = render(<Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} locale="en-US" timeZone="UTC" />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
  });

  it('has no axe violations', async () => {
    const { container } = render(<Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} />);
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('Freshness and the wall clock', () => {
  it('mounts with one reading of the clock, however far the wall clock moves between two reads', () => {
    // React (in development) reads a snapshot twice in a row and reports one that differs: a label
    // mounted while the shared clock is stopped must not read the wall clock for each snapshot.
    let wall = NOW;
    vi.spyOn(Date, 'now').mockImplementation(() => (wall += 15_000));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { unmount } = render(<Freshness lastModified={new Date(NOW - 5_000)} locale="en-US" timeZone="UTC" />);
    expect(errors.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('getSnapshot'))).toEqual([]);
    unmount();
    expect(activeClockTimers()).toBe(0);
  });
});
