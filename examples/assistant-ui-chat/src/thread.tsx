// A thread from assistant-ui's primitives: what the `Thread` that
// `npx assistant-ui init` copies into an app is made of, without its styling.
// Your own Thread takes the one change the same way: `tools` on
// `MessagePrimitive.Parts`.
import { ComposerPrimitive, MessagePrimitive, ThreadPrimitive, type ToolCallMessagePartComponent } from '@assistant-ui/react';

export function Thread({ tools }: { tools: { Fallback: ToolCallMessagePartComponent } }) {
  return (
    <ThreadPrimitive.Root className="thread">
      <ThreadPrimitive.Viewport className="viewport" aria-label="Messages" role="log">
        <ThreadPrimitive.Messages>
          {({ message }) => (
            <MessagePrimitive.Root className="message" data-role={message.role}>
              <MessagePrimitive.Parts components={{ tools }} />
            </MessagePrimitive.Root>
          )}
        </ThreadPrimitive.Messages>
      </ThreadPrimitive.Viewport>
      <ComposerPrimitive.Root className="composer">
        <ComposerPrimitive.Input aria-label="Message" placeholder="debug, error, env or logging" />
        <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
      </ComposerPrimitive.Root>
    </ThreadPrimitive.Root>
  );
}
