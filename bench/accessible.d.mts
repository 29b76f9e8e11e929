import type { ReactElement } from 'react';
/** The minimal accessible list of the given (already visible, ordered) blocks. */
export declare function AccessibleList(props: { blocks: Array<Record<string, unknown>> }): ReactElement;
