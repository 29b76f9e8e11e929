// A thread from assistant-ui's primitives: what the `Thread` that
// `npx assistant-ui init` copies into an app is made of, without its styling.
// Your own Thread takes one change: `tools` on `MessagePrimitive.Parts`.
import { ComposerPrimitive, ErrorPrimitive, MessagePrimitive, ThreadPrimitive, type ToolCallMessagePartComponent } from '@assistant-ui/react';

export function Thread({ tools }: { tools: { Fallback: ToolCallMessagePartComponent } }) {
  return (
    <ThreadPrimitive.Root className="thread">
      <ThreadPrimitive.Viewport className="viewport" aria-label="Messages" role="log">
        <ThreadPrimitive.Messages>
          {({ message }) => (
            <MessagePrimitive.Root className="message" data-role={message.role}>
              <MessagePrimitive.Parts components={{ tools }} />
              <MessagePrimitive.Error>
                <ErrorPrimitive.Root role="alert">
                  <ErrorPrimitive.Message />
                </ErrorPrimitive.Root>
              </MessagePrimitive.Error>
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
