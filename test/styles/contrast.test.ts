import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAliases, parseThemeTokens, resolveToken as resolveWith, type TokenSet } from '../fixtures/theme-tokens.js';

const css = readFileSync(new URL('../../src/styles/theme.css', import.meta.url), 'utf8');
const componentsCss = readFileSync(new URL('../../src/styles/components.css', import.meta.url), 'utf8');
const tokens = parseThemeTokens(css);
const aliases = parseAliases(componentsCss);
const resolveToken = (set: TokenSet, name: string, base: TokenSet) => resolveWith(set, name, base, aliases);

function rgb(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as [number, number, number];
  throw new Error(`Not an opaque hex colour: ${color}`);
}

function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// Every text/background pair a component uses (see components.css), and the non-text pairs.
const TEXT_PAIRS: Array<[fg: string, bg: string]> = [
  ['--mcp-fg', '--mcp-bg'],
  ['--mcp-fg', '--mcp-muted'],
  ['--mcp-fg', '--mcp-accent'],
  ['--mcp-muted-fg', '--mcp-bg'],
  ['--mcp-muted-fg', '--mcp-muted'],
  ['--mcp-accent-fg', '--mcp-bg'],
  ['--mcp-accent-fg', '--mcp-accent'],
  ['--mcp-primary-fg', '--mcp-primary'],
  ['--mcp-danger-fg', '--mcp-danger'],
  ['--mcp-danger-fg', '--mcp-bg'],
  ['--mcp-danger-solid-fg', '--mcp-danger-solid'],
  ['--mcp-warning-fg', '--mcp-warning'],
  ['--mcp-warning-fg', '--mcp-bg'],
  ['--mcp-success-fg', '--mcp-success'],
  ['--mcp-success-fg', '--mcp-bg'],
  ['--mcp-risk-read-fg', '--mcp-risk-read-bg'],
  ['--mcp-risk-write-fg', '--mcp-risk-write-bg'],
  ['--mcp-risk-destructive-fg', '--mcp-risk-destructive-bg'],
  ['--mcp-status-running', '--mcp-bg'],
  ['--mcp-status-success', '--mcp-bg'],
  ['--mcp-status-error', '--mcp-bg'],
  // Cards waiting for approval are tinted by risk; their text must still read.
  ['--mcp-fg', '--mcp-risk-write-bg'],
  ['--mcp-muted-fg', '--mcp-risk-write-bg'],
  ['--mcp-fg', '--mcp-risk-destructive-bg'],
  ['--mcp-muted-fg', '--mcp-risk-destructive-bg'],
  ['--mcp-muted-fg', '--mcp-accent'],
  ['--mcp-danger-fg', '--mcp-risk-destructive-bg'],
];
const NON_TEXT_PAIRS: Array<[fg: string, bg: string]> = [
  ['--mcp-border', '--mcp-bg'],
  ['--mcp-border', '--mcp-muted'],
  ['--mcp-ring', '--mcp-bg'],
  ['--mcp-ring', '--mcp-muted'],
  ['--mcp-danger-solid', '--mcp-bg'],
  ['--mcp-primary', '--mcp-bg'],
  ['--mcp-status-running', '--mcp-bg'],
];

describe.each([
  ['light', tokens.light, tokens.light],
  ['dark', tokens.dark, tokens.light],
] as Array<[string, TokenSet, TokenSet]>)('%s theme', (_name, set, base) => {
  it.each(TEXT_PAIRS)('%s on %s meets 4.5:1', (fg, bg) => {
    expect(contrast(resolveToken(set, fg, base), resolveToken(set, bg, base))).toBeGreaterThanOrEqual(4.5);
  });
  it.each(NON_TEXT_PAIRS)('%s against %s meets 3:1', (fg, bg) => {
    expect(contrast(resolveToken(set, fg, base), resolveToken(set, bg, base))).toBeGreaterThanOrEqual(3);
  });
});

describe('aliases', () => {
  it('are never set at :root, so they follow a base token overridden on a container', () => {
    for (const alias of Object.keys(aliases)) {
      expect(tokens.light[alias], alias).toBeUndefined();
      expect(tokens.dark[alias], alias).toBeUndefined();
    }
    expect(Object.keys(aliases)).toEqual(expect.arrayContaining(['--mcp-risk-read-bg', '--mcp-risk-destructive-fg', '--mcp-status-running']));
  });
});

describe('the theme stylesheet', () => {
  it('states the same dark tokens for prefers-color-scheme and for [data-theme="dark"]', () => {
    expect(tokens.darkMedia).toEqual(tokens.dark);
  });

  it('defines every colour token of the light theme in the dark and forced-colours themes', () => {
    const colours = Object.keys(tokens.light).filter((name) => /^#|^rgb/.test(tokens.light[name]!));
    for (const name of colours) {
      expect(tokens.dark[name], name).toBeDefined();
      if (name !== '--mcp-overlay') expect(tokens.forcedColors[name], name).toBeDefined();
    }
  });

  it('uses the single documented prefix and no !important', () => {
    const components = readFileSync(new URL('../../src/styles/components.css', import.meta.url), 'utf8');
    expect(css + components).not.toContain('!important');
    const declared = [...(css + components).matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]);
    expect(declared.filter((name) => !name!.startsWith('--mcp-'))).toEqual([]);
  });

  it('component CSS reads colours only from tokens', () => {
    const components = readFileSync(new URL('../../src/styles/components.css', import.meta.url), 'utf8');
    expect(components.match(/#[0-9a-f]{3,8}\b|rgb\(|hsl\(/gi)).toBeNull();
  });

  it('the contrast function is right on known pairs', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
