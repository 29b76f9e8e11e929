// A scripted chat model, so the example runs offline and the same way every
// time: "debug" asks for server-everything's annotated debug message, "env"
// for its environment; after a tool result it says what came back, without
// repeating it. Replace it with your model (ChatOpenAI, ChatAnthropic, …).
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

const SCRIPT: Array<[RegExp, string, Record<string, unknown>]> = [
  [/\bdebug\b/i, 'get-annotated-message', { messageType: 'debug', includeImage: false }],
  [/\benv/i, 'get-env', {}],
];

class ScriptedChatModel extends BaseChatModel {
  private calls = 0;
  _llmType() {
    return 'scripted';
  }
  // The agent binds its tools; the script already knows them.
  override bindTools() {
    return this as never;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const last = messages.at(-1);
    const said = (text: string): ChatResult => ({ generations: [{ text, message: new AIMessage(text) }] });
    if (last?.getType() === 'tool') {
      // The gate's refusals and the person's no reach the model as the tool's result.
      const content = String(last.content);
      if (content.includes('"approved":false') || content.includes('"error":')) return said(`${String(last.name)} was not run.`);
      return said(`Done: ${String(last.name)} answered${content.includes('"isError":true') ? ' with an error' : ''}.`);
    }
    const match = SCRIPT.find(([pattern]) => pattern.test(String(last?.content ?? '')));
    if (!match) return said('Ask me for a "debug" message or the "env".');
    const [, name, args] = match;
    return { generations: [{ text: '', message: new AIMessage({ content: '', tool_calls: [{ id: `call-${++this.calls}-${Date.now()}`, name, args, type: 'tool_call' }] }) }] };
  }
}

export const scriptedModel = new ScriptedChatModel({});
