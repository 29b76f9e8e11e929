// Tests for src/components/content-blocks.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ContentBlocks, ToolResult, type BlockRendererProps } from '../../../src/index.js';
import { axe } from '../../axe.js';
import { FIXED_NOW, dated, everyType, malformed, mixedAudience, prioritised } from '../../fixtures/content.js';

// A text block's text: short text is the block's own text nodes, longer text its content-text box.
const textOf = (block: Element) => block.querySelector('[data-slot="content-text"]')?.textContent ?? Array.from(block.childNodes, (node) => (node.nodeType === Node.TEXT_NODE ? node.textContent : '')).join('');
const texts = (container: HTMLElement) => Array.from(container.querySelectorAll('[data-slot="content-block"][data-kind="text"]'), textOf);

describe('ContentBlocks', () => {
  it('shows the user view by default: assistant-only blocks are absent, not hidden', () => {
    const { container } = render(<ContentBlocks blocks={mixedAudience} />);
    expect(texts(container)).toEqual(['Error: the deployment failed.', 'Your changes were saved as a draft.']);
    expect(container.innerHTML).not.toContain('DEBUG');
    expect(container.innerHTML).not.toContain('Model note');
    expect(container.querySelectorAll('[data-slot="content-block"]')).toHaveLength(2);
  });

  it('shows what the model sees in the assistant view', () => {
    const { container } = render(<ContentBlocks blocks={mixedAudience} viewer="assistant" />);
    expect(texts(container)).toEqual(['Error: the deployment failed.', 'DEBUG trace id 9f2c — retry with --force', 'Model note: the user prefers short answers.']);
  });

  it('orders by priority, stable, highest first', () => {
    const { container } = render(<ContentBlocks blocks={prioritised} order="priority" />);
    expect(texts(container).map((t) => t!.split(' (')[0])).toEqual([
      'Summary: 3 files changed',
      'Next step: open a pull request',
      'Detail: lint passed',
      'No priority declared',
      'Background: cache warmed',
      'Trivia: took 1.2 s',
    ]);
  });

  it('folds low-priority blocks into a disclosure that mounts them only when opened', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    const { container } = render(<ContentBlocks blocks={prioritised} order="priority" collapseBelow={0.4} onExpandedChange={onExpandedChange} />);
    expect(texts(container)).toHaveLength(4);
    const toggle = screen.getByRole('button', { name: '2 more blocks, lower priority' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(container.textContent).not.toContain('Trivia');
    await user.click(toggle);
    expect(onExpandedChange).toHaveBeenCalledWith(true);
    const open = screen.getByRole('button', { name: '2 more blocks, lower priority' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const region = document.getElementById(open.getAttribute('aria-controls')!)!;
    expect(within(region).getByText(/Trivia/)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: '2 more blocks, lower priority' })).toHaveFocus();
    expect(container.textContent).not.toContain('Trivia');
  });

  it('can be controlled', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    render(<ContentBlocks blocks={prioritised} collapseBelow={0.4} expanded={false} onExpandedChange={onExpandedChange} />);
    await user.click(screen.getByRole('button', { name: '2 more blocks, lower priority' }));
    expect(onExpandedChange).toHaveBeenCalledWith(true);
    // Still closed: the host did not change `expanded`.
    expect(screen.getByRole('button', { name: '2 more blocks, lower priority' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('never counts blocks the viewer cannot see', () => {
    const blocks = [
      { type: 'text', text: 'visible low', annotations: { priority: 0.1 } },
      { type: 'text', text: 'hidden low', annotations: { priority: 0.1, audience: ['assistant'] } },
    ];
    render(<ContentBlocks blocks={blocks} collapseBelow={0.5} />);
    expect(screen.getByRole('button', { name: '1 more block, lower priority' })).toBeInTheDocument();
  });

  it('an empty result and an all-hidden one look the same: one neutral line', () => {
    const hidden = [{ type: 'text', text: 'internal', annotations: { audience: ['assistant'] } }];
    const { container: empty } = render(<ContentBlocks blocks={[]} />);
    const { container: allHidden } = render(<ContentBlocks blocks={hidden} />);
    expect(empty.innerHTML).toBe(allHidden.innerHTML.replaceAll(/_r_[0-9a-z]+_/g, (id) => id));
    expect(within(allHidden).getByText('No content to show')).toBeInTheDocument();
    expect(allHidden.textContent).not.toMatch(/assistant|hidden|1/);
  });

  it('a host may opt in to saying the result was for the assistant', () => {
    const hidden = [{ type: 'text', text: 'internal', annotations: { audience: ['assistant'] } }];
    const { container } = render(<ContentBlocks blocks={hidden} revealHidden />);
    expect(container).toHaveTextContent('This result was for the assistant only.');
    expect(container).not.toHaveTextContent('internal');
    const { container: empty } = render(<ContentBlocks blocks={[]} revealHidden />);
    expect(empty).toHaveTextContent('No content to show');
  });

  it('marks assistant-only blocks visibly in the assistant view', () => {
    const { container } = render(<ContentBlocks blocks={mixedAudience} viewer="assistant" />);
    const marked = container.querySelectorAll('[data-audience="assistant"]');
    expect(marked).toHaveLength(2);
    for (const block of marked) expect(block).toHaveTextContent(/^Assistant only/);
  });

  it('an unknown viewer is the user view', () => {
    const { container } = render(<ContentBlocks blocks={mixedAudience} viewer={'admin' as 'user'} />);
    expect(container.innerHTML).not.toContain('DEBUG');
  });

  it('shows JSON text indented in monospace, and long text in a bounded box the keyboard can reach', () => {
    const { container } = render(<ContentBlocks blocks={[{ type: 'text', text: '{"ok":true,"items":[1,2]}' }, { type: 'text', text: 'line\n'.repeat(40) }]} />);
    const [json, long] = container.querySelectorAll<HTMLElement>('[data-slot="content-text"]');
    expect(json!.tagName).toBe('PRE');
    expect(json!).toHaveAttribute('data-format', 'json');
    expect(json!.textContent).toBe('{\n  "ok": true,\n  "items": [\n    1,\n    2\n  ]\n}');
    expect(long!).toHaveAttribute('data-long', 'true');
    expect(long!).toHaveAttribute('tabindex', '0');
    expect(long!).toHaveAccessibleName('Long text');
  });

  it('hands non-http resource links to onOpenResource', async () => {
    const user = userEvent.setup();
    const onOpenResource = vi.fn();
    render(<ContentBlocks blocks={[{ type: 'resource_link', uri: 'file:///project/src/main.rs', name: 'main.rs', mimeType: 'text/x-rust' }]} onOpenResource={onOpenResource} />);
    await user.click(screen.getByRole('button', { name: 'main.rs' }));
    expect(onOpenResource).toHaveBeenCalledExactlyOnceWith({ uri: 'file:///project/src/main.rs', name: 'main.rs', mimeType: 'text/x-rust' });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("takes an image's alt text from the host (or none, for a decorative one), through ToolResult too", () => {
    const altText = vi.fn((block: { index: number }) => (block.index === 0 ? 'Chart of Q3 revenue' : ''));
    const image = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    const { container, unmount } = render(<ContentBlocks blocks={[image, image]} altText={altText} />);
    expect(screen.getByRole('img', { name: 'Chart of Q3 revenue' })).toBeInTheDocument();
    expect(container.querySelectorAll('img')[1]).toHaveAttribute('alt', '');
    expect(altText.mock.calls.map(([block]) => block.index)).toEqual([0, 1]);
    unmount();
    render(<ToolResult result={{ content: [image] }} altText={() => 'From the result'} />);
    expect(screen.getByRole('img', { name: 'From the result' })).toBeInTheDocument();
  });

  it('renders every content type', () => {
    const onAnnotationIssue = vi.fn();
    const { container } = render(<ContentBlocks blocks={everyType} now={FIXED_NOW} live={false} locale="en-US" onAnnotationIssue={onAnnotationIssue} />);
    expect(onAnnotationIssue).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Image from the tool' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(container.querySelector('audio')).toHaveAttribute('src', expect.stringMatching(/^data:audio\/wav;base64,/));
    const link = screen.getByRole('link', { name: 'Quarterly report' });
    expect(link).toHaveAttribute('href', 'https://example.com/reports/q3.pdf');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('application/pdf · 245.8 kB')).toBeInTheDocument();
    // file: links are shown, not followed.
    expect(screen.queryByRole('link', { name: 'main.rs' })).toBeNull();
    expect(screen.getAllByText('file:///project/src/main.rs').length).toBeGreaterThan(0);
    expect(container.querySelector('[data-slot="content-resource-pre"]')).toHaveTextContent('println!("Hello world!");');
    expect(screen.getByRole('button', { name: 'Download pixel.png' })).toBeInTheDocument();
    expect(container.querySelector('time')).toHaveAttribute('dateTime', '2026-11-30T09:00:00.000Z');
    expect(container.querySelector('time')).toHaveTextContent('3 hours ago');
  });

  it('keeps whitespace and never renders server text as HTML', () => {
    const { container } = render(<ContentBlocks blocks={[{ type: 'text', text: '<img src=x onerror=alert(1)>\n  indented' }]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(texts(container)).toEqual(['<img src=x onerror=alert(1)>\n  indented']);
  });

  it('renders malformed blocks as placeholders or drops them, reports each, and never throws', () => {
    const onAnnotationIssue = vi.fn();
    const { container } = render(<ContentBlocks blocks={malformed} onAnnotationIssue={onAnnotationIssue} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Content of a type this app cannot show (hologram)')).toBeInTheDocument();
    expect(screen.getAllByText('Image not shown (unsupported or invalid data)')).toHaveLength(2);
    expect(screen.getByText('Click me')).toBeInTheDocument();
    // The block whose annotations are a string is not shown: its audience is unknown.
    expect(container.textContent).not.toContain('annotations is a string');
    const codes = onAnnotationIssue.mock.calls.map(([issue]) => issue.code);
    expect(codes).toEqual(
      expect.arrayContaining(['block-invalid', 'media-rejected', 'annotations-invalid', 'priority-invalid', 'priority-out-of-range', 'last-modified-invalid', 'uri-unsafe', 'type-unknown']),
    );
  });

  it('renders nothing for content that is not an array', () => {
    const { container } = render(<ContentBlocks blocks={{ nope: true }} />);
    expect(container.querySelectorAll('[data-slot="content-block"]')).toHaveLength(0);
  });

  it('lets a host plug in text rendering and override a renderer', () => {
    const renderText = vi.fn((text: string) => <strong>{text.toUpperCase()}</strong>);
    function MyLink({ view }: BlockRendererProps<'resource_link'>) {
      return <span data-testid="my-link">{view.name}</span>;
    }
    render(<ContentBlocks blocks={mixedAudience.concat(everyType[3]!)} renderText={renderText} components={{ resource_link: MyLink }} />);
    expect(renderText.mock.calls.map(([text]) => text)).toEqual(['Error: the deployment failed.', 'Your changes were saved as a draft.']);
    expect(screen.getByText('ERROR: THE DEPLOYMENT FAILED.').tagName).toBe('STRONG');
    expect(screen.getByTestId('my-link')).toHaveTextContent('q3.pdf');
  });

  it('copies exactly the visible text of a block', async () => {
    const user = userEvent.setup();
    const onCopyText = vi.fn();
    render(<ContentBlocks blocks={mixedAudience} copyable onCopyText={onCopyText} />);
    const buttons = screen.getAllByRole('button', { name: 'Copy text' });
    for (const button of buttons) expect(button.textContent).toBe('');
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(onCopyText).toHaveBeenCalledWith('Your changes were saved as a draft.');
    await expect(navigator.clipboard.readText()).resolves.toBe('Your changes were saved as a draft.');
    // One label; "Copied" is said through the polite live region, twice for two copies.
    expect(buttons[1]).toHaveAccessibleName('Copy text');
    const live = document.querySelector('[data-slot="consent-live-region"]')!;
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('Copied');
    await user.click(buttons[1]!);
    expect(Array.from(live.children, (node) => node.textContent)).toEqual(['Copied', 'Copied']);
  });

  it('downloads a blob as an opaque file', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:mock');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<ContentBlocks blocks={[everyType[6]]} />);
    await user.click(screen.getByRole('button', { name: 'Download pixel.png' }));
    expect(createObjectURL.mock.calls[0]![0].type).toBe('application/octet-stream');
    expect(createObjectURL.mock.calls[0]![0].size).toBe(70);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('shows fresh, stale, future and unparseable dates', () => {
    const onAnnotationIssue = vi.fn();
    const { container } = render(<ContentBlocks blocks={dated} now={FIXED_NOW} live={false} locale="en-US" staleAfterMs={2 * 86_400_000} onAnnotationIssue={onAnnotationIssue} />);
    // The visible label: the absolute time (visually hidden, read in place) aside.
    const shown = (el: Element) => Array.from(el.childNodes, (node) => (node instanceof Element && node.getAttribute('data-slot') === 'freshness-date' ? '' : node.textContent)).join('');
    const labels = Array.from(container.querySelectorAll('[data-slot="freshness"]')).map((el) => [el.tagName, el.getAttribute('data-state'), shown(el)]);
    expect(labels).toEqual([
      ['TIME', null, 'Last modified 1 minute ago'],
      ['TIME', 'stale', 'Last modified 3 days ago (stale)'],
      ['TIME', 'stale', 'Last modified last year (stale)'],
      ['TIME', null, 'Last modified now'],
      ['TIME', 'future', 'Last modified next week'],
    ]);
    expect(container.textContent).not.toContain('Invalid Date');
    expect(onAnnotationIssue).toHaveBeenCalledWith(expect.objectContaining({ code: 'last-modified-invalid', value: 'yesterday' }));
  });

  it('has no axe violations, folded and unfolded', async () => {
    const { container } = render(<ContentBlocks blocks={[...everyType, ...prioritised]} collapseBelow={0.4} now={FIXED_NOW} />);
    expect(await axe(container)).toHaveNoViolations();
    await act(async () => screen.getByRole('button', { name: /more/ }).click());
    expect(await axe(container)).toHaveNoViolations();
  });

  it('renders on the server without window, deterministically with `now`', () => {
    const html = renderToString(<ContentBlocks blocks={[...mixedAudience, ...dated]} now={FIXED_NOW} live={false} locale="en-US" timeZone="UTC" />);
    expect(html).toContain('1 minute ago');
    expect(html).not.toContain('DEBUG');
    expect(renderToString(<ContentBlocks blocks={dated} now={FIXED_NOW} live={false} locale="en-US" timeZone="UTC" />)).toBe(
      renderToString(<ContentBlocks blocks={dated} now={FIXED_NOW} live={false} locale="en-US" timeZone="UTC" />),
    );
  });
});
