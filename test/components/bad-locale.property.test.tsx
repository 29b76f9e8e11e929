// A locale, time zone or clock the host passes (often from a header or a backend's `en_US`) changes the language
// and the zone of what is shown, never whether the page renders: every formatter reads it through one rule.
import { render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describeFreshness, formatMessage } from '../../src/core/index.js';
import { formatAbsoluteTime } from '../../src/core/content/freshness.js';
import { formatBytes } from '../../src/core/content/media.js';
import { formatList } from '../../src/core/text/format.js';
import { usableLocales } from '../../src/core/text/locales.js';
import { ContentBlocks, Freshness, LabelsProvider, ToolCallCard, type ContentBlock } from '../../src/index.js';
import { deleteEntitiesTool } from '../fixtures/tools.js';
import { BuiltInProvider } from '../helpers/kinds.js';

const NOW = Date.parse('2026-11-30T12:00:00Z');
const blocks: ContentBlock[] = [
  { type: 'text', text: 'Report ready', annotations: { lastModified: '2026-11-30T09:00:00Z' } },
  { type: 'resource_link', uri: 'https://example.com/r.pdf', name: 'r.pdf', mimeType: 'application/pdf', size: 123_456 },
];

// Real-world shapes (POSIX and Java spellings, headers, empty values) mixed with anything at all.
const tag = fc.oneof(
  fc.constantFrom('en_US', 'de_DE.UTF-8', 'C', 'POSIX', '', '*', 'en-US,en;q=0.9', 'i', 'root', 'x-private', 'zh_Hant_TW', 'EN-us', 'de'),
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[a-zA-Z]{1,9}([-_][a-zA-Z0-9]{1,9}){0,3}$/),
);
const locale = fc.oneof(tag, fc.array(fc.oneof(tag, fc.anything()), { maxLength: 4 }), fc.anything());
const timeZone = fc.oneof(fc.constantFrom('UTC', 'Europe/Berlin', 'Mars/Olympus', '', 'utc', '+01:00', 'Etc/GMT+25'), fc.string({ maxLength: 16 }));

describe('a malformed locale or time zone', () => {
  it('never throws from a formatter, and only tags Intl accepts come out of usableLocales', () => {
    fc.assert(
      fc.property(locale, timeZone, (l, zone) => {
        const usable = usableLocales(l);
        if (usable !== undefined) {
          expect(usable.length).toBeGreaterThan(0);
          expect(() => Intl.getCanonicalLocales([...usable])).not.toThrow();
        }
        const date = new Date('2026-01-02T03:04:05Z');
        expect(typeof formatAbsoluteTime(date, { locale: l as string, timeZone: zone })).toBe('string');
        expect(describeFreshness(date, { now: NOW, locale: l as string, timeZone: zone }).relative).not.toBe('');
        expect(formatBytes(123_456, l as string)).not.toBe('');
        expect(formatList(['a', 'b'], l as string, 'or')).toContain('b');
        // The number in the locale's own digits (Arabic, Bengali, Burmese… differ), the words from the template.
        const tags = usableLocales(l) as string[] | undefined;
        const word = new Intl.PluralRules(tags).select(3) === 'one' ? 'call' : 'calls';
        expect(formatMessage('{count, plural, one {# call} other {# calls}}', { count: 3 }, l as string)).toBe(`${new Intl.NumberFormat(tags).format(3)} ${word}`);
      }),
      { numRuns: 300 },
    );
  });

  it('a freshness description takes any now, stale age and skew without throwing (an unusable now reads as the clock)', () => {
    const number = fc.oneof(fc.double(), fc.constantFrom(Number.NaN, Infinity, -Infinity), fc.anything());
    fc.assert(
      fc.property(fc.oneof(number, fc.date({ noInvalidDate: false })), number, number, (now, stale, skew) => {
        const described = describeFreshness(new Date('2026-01-02T03:04:05Z'), { now: now as number, staleAfterMs: stale as number, futureSkewMs: skew as number });
        expect(['fresh', 'stale', 'future']).toContain(described.state);
        expect(described.relative).not.toBe('');
      }),
      { numRuns: 300 },
    );
  });

  it('renders the components on the server and in the page, in some language', () => {
    fc.assert(
      fc.property(locale, timeZone, (l, zone) => {
        const tree = (
          <BuiltInProvider locale={l as string}>
            <ToolCallCard tool={deleteEntitiesTool} status={{ type: 'success', result: { content: blocks } }} />
            <ContentBlocks blocks={blocks} now={NOW} locale={l as string} timeZone={zone} />
            <Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} locale={l as string} timeZone={zone} />
          </BuiltInProvider>
        );
        expect(renderToString(tree)).toContain('Report ready');
      }),
      { numRuns: 150 },
    );
  });

  it('reads a backend\'s en_US as en-US, and falls back to the runtime\'s zone, named in the label, for an unknown one', () => {
    expect(usableLocales('de_DE')).toEqual(['de-DE']);
    expect(usableLocales(['xx_!!', 'fr_FR', 7])).toEqual(['fr-FR']);
    expect(usableLocales('')).toBeUndefined();
    // A header-sized value is dropped without being read or kept.
    expect(usableLocales(`en-${'a'.repeat(1_000_000)}`)).toBeUndefined();
    expect(usableLocales(['x'.repeat(300), 'de_AT'])).toEqual(['de-AT']);
    render(
      <LabelsProvider locale="de_DE">
        <Freshness lastModified="2026-11-30T09:00:00Z" now={NOW} live={false} timeZone="Mars/Olympus" />
      </LabelsProvider>,
    );
    const label = screen.getByText('vor 3 Stunden', { exact: false });
    expect(label).toHaveTextContent(`(${formatAbsoluteTime(new Date('2026-11-30T09:00:00Z'), { locale: 'de-DE' })})`);
  });
});
