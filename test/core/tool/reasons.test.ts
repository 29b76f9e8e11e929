// Reasons say exactly what was assumed and why.
import { describe, expect, it } from 'vitest';
import { decideToolCall } from '../../../src/core/index.js';
import { defaultLabels } from '../../../src/internal/default-labels.js';
import { formatReason } from '../../../src/core/text/reasons.js';

/** A reason in the default English, as a person reads it. */
const english = (reason: Parameters<typeof formatReason>[0]) => formatReason(reason, defaultLabels, 'en');

describe('exact reasons', () => {
  it('a declared destructiveHint: true already answers "does it only read"', () => {
    const decision = decideToolCall({ tool: { name: 'd', annotations: { destructiveHint: true, openWorldHint: false } }, trust: 'untrusted' });
    expect(decision.reasons.map((r) => r.code)).not.toContain('hints-assumed');
  });

  it('says what is assumed', () => {
    const decision = decideToolCall({ tool: { name: 'd', annotations: { destructiveHint: true } }, trust: 'untrusted' });
    const assumed = decision.reasons.find((r) => r.code === 'hints-assumed')!;
    expect(assumed.hints).toEqual(['openWorld']);
    expect(english(assumed)).toBe('The server did not say whether it reaches outside this app, so the cautious answer is assumed.');
    const bare = decideToolCall({ tool: { name: 'x' }, trust: 'untrusted' }).reasons.find((r) => r.code === 'hints-assumed')!;
    expect(bare.hints).toEqual(['readOnly', 'destructive', 'openWorld']);
    expect(bare.hints).toEqual(['readOnly', 'destructive', 'openWorld']);
    // The English is Intl's "x, y, or z" list.
    expect(english(bare)).toContain('whether it only reads, whether it can delete or overwrite data, or whether it reaches outside this app');
  });
});
