/**
 * BuiltInProvider takes either the controller's options or `{ controller }`:
 * mixing them is a type error (the `@ts-expect-error` lines fail to compile
 * if it is not), and at run time a host's controller keeps its own policy.
 */
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ToolBadges, type ConsentProviderProps } from '../../src/index.js';
import { readFileTool } from '../fixtures/tools.js';
import { BuiltInProvider, createBuiltInController } from '../helpers/kinds.js';

const controller = createBuiltInController({ servers: { files: { trust: 'trusted' } } });

export const typeChecks: ConsentProviderProps[] = [
  { servers: { files: { trust: 'trusted' } }, onDecision: () => {}, now: 0, store: undefined },
  { controller },
  { controller, toolLists: {}, approvalUI: 'inline', dir: 'rtl', openUrl: () => {} },
  // @ts-expect-error A host's controller already has its callbacks: onDecision here would be dropped.
  { controller, onDecision: () => {} },
  // @ts-expect-error ... and its clock,
  { controller, now: 5 },
  // @ts-expect-error ... its store,
  { controller, store: controller.store },
  // @ts-expect-error ... its registrable-domain finder,
  { controller, registrableDomain: () => null },
  // @ts-expect-error ... and its policy.
  { controller, servers: {} },
];

describe('BuiltInProvider props', () => {
  it('a host controller keeps its own policy: the provider does not reset it', () => {
    const own = createBuiltInController({ servers: { files: { trust: 'trusted', name: 'Files' } } });
    const setPolicy = vi.spyOn(own, 'setPolicy');
    render(
      <BuiltInProvider controller={own}>
        <ToolBadges tool={readFileTool} serverId="files" />
      </BuiltInProvider>,
    );
    expect(own.trustOf('files')).toBe('trusted');
    expect(setPolicy).not.toHaveBeenCalled();
    // Trusted: no "Unverified" note.
    expect(screen.queryByText('Unverified')).toBeNull();
    own.dispose();
  });

  it("its own controller starts with the first render's policy, so server HTML shows the right trust (no setPolicy during render)", () => {
    const html = renderToString(
      <BuiltInProvider servers={{ files: { trust: 'trusted' } }}>
        <ToolBadges tool={readFileTool} serverId="files" />
      </BuiltInProvider>,
    );
    expect(html).toContain('data-trust="trusted"');
    expect(html).not.toContain('Unverified');
  });
});
