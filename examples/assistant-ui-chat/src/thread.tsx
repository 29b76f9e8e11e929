// A thread from assistant-ui's primitives: what the `Thread` that
// `npx assistant-ui init` copies into an app is made of, without its styling.
// Your own Thread takes the same two changes: `tools` on
// `MessagePrimitive.Parts`, and `MessageError` where it has
// `MessagePrimitive.Error`.
import { ComposerPrimitive, MessagePrimitive, ThreadPrimitive, useAuiState, type ToolCallMessagePartComponent } from '@assistant-ui/react';
import { McpChatError } from 'react-mcp-annotations/ai-sdk/react';

export function Thread({ tools }: { tools: { Fallback: ToolCallMessagePartComponent } }) {
  return (
    <ThreadPrimitive.Root className="thread">
      <ThreadPrimitive.Viewport className="viewport" aria-label="Messages" role="log">
        <ThreadPrimitive.Messages>
          {({ message }) => (
            <MessagePrimitive.Root className="message" data-role={message.role}>
              <MessagePrimitive.Parts components={{ tools }} />
              <MessageError />
            </MessagePrimitive.Root>
          )}
        </ThreadPrimitive.Messages>
      </ThreadPrimitive.Viewport>
      <ComposerPrimitive.Root className="composer">
        <ComposerPrimitive.Input aria-label="Message" placeholder="Write a message" />
        <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
      </ComposerPrimitive.Root>
    </ThreadPrimitive.Root>
  );
}

/** What the route refused or what failed, in your words (assistant-ui's own `ErrorPrimitive.Message` prints the response body). */
function MessageError() {
  const error = useAuiState(({ message }) => (message.status?.type === 'incomplete' && message.status.reason === 'error' ? message.status.error : undefined));
  return <McpChatError error={error} />;
}
