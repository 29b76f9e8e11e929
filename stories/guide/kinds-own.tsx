// Guide: a kind of your own, registered and asked from a component (compiled by `npm run typecheck`).
import { useState } from 'react';
import { ConsentProvider, toolKind, useConsentController, type ToolKindTypes } from 'react-mcp-annotations';
import { resourceKind, type ResourceKindTypes } from '../../test/fixtures/resource-kind.js';
import { ResourceDialog } from '../../test/fixtures/resource-dialog.js';

const kinds = [toolKind(), resourceKind()];

export function App() {
  return (
    <ConsentProvider kinds={kinds} components={{ resource: ResourceDialog }} servers={{ files: { trust: 'untrusted', name: 'Files' } }}>
      <ReadNotes />
    </ConsentProvider>
  );
}

function ReadNotes() {
  // Typed by the kinds you registered: readResource is the kind's own verb (request('resource', …) works too).
  const consent = useConsentController<ToolKindTypes | ResourceKindTypes>();
  const [outcome, setOutcome] = useState<string>();
  const read = async () => setOutcome((await consent.readResource({ serverId: 'files', uri: 'file:///notes.txt' })).outcome);
  return (
    <p>
      <button type="button" onClick={() => void read()}>
        Read notes
      </button>{' '}
      {outcome}
    </p>
  );
}
