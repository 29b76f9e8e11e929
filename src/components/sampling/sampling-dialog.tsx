'use client';
import * as Dialog from '@radix-ui/react-dialog';
import { createContext, forwardRef, useCallback, useContext, useId, useMemo, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { selectVisible } from '../../core/content/audience.js';
import type { PendingSampling, SamplingResponse } from '../../core/consent/index.js';
import { displayServerName, safeName } from '../../core/text/sanitize.js';
import { samplingDisplayBlocks, samplingEditsFrom } from '../../core/requests/sampling.js';
import { defaultLabels, formatLabel, type Labels } from '../../internal/default-labels.js';
import { Icon } from '../../internal/icons.js';
import { AskedDuring } from '../../internal/asked-during.js';
import { useLabels, useLocale } from '../../internal/labels.js';
import { previewWords } from '../../internal/preview-words.js';
import { ReasonList } from '../../internal/reason-list.js';
import { ConsentDialogRoot, guardConsent, useConsentRoot } from '../../internal/consent-root.js';
import { problemText } from '../../internal/messages.js';
import { ModalContent } from '../../internal/modal-content.js';
import { ContentBlocks } from '../content-blocks/content-blocks.js';

const ROOT_NAME = 'Sampling.Root';

/** What a sampling review shows. A pending sampling request from the approval controller fits as is. */
/**
 * What the review shows: the controller's pending sampling request (derived
 * from it, so the two cannot drift), with the server name and `hidden`
 * optional (`hidden` default `omit`) and only the decision's reasons needed.
 */
export type SamplingPrompt = Pick<PendingSampling, 'serverId' | 'trust' | 'stage' | 'view' | 'result' | 'callId' | 'callName'> &
  Partial<Pick<PendingSampling, 'serverName' | 'hidden'>> & {
    /** The policy's decision, for its reasons. */
    decision: { reasons: readonly PendingSampling['decision']['reasons'][number][] };
  };

interface ContextValue {
  prompt: SamplingPrompt;
  labels: Labels;
  serverName: string;
  editing: boolean;
  setEditing: (value: boolean) => void;
  systemPrompt: string;
  setSystemPrompt: (value: string) => void;
  texts: ReadonlyMap<string, string>;
  /** Records an edit; text put back as it was is no edit. */
  setText: (key: string, value: string, original: string) => void;
  resultText: string;
  setResultText: (value: string) => void;
  respond: (response: SamplingResponse) => boolean;
  titleId: string;
  descriptionId: string;
  denyRef: React.RefObject<HTMLButtonElement | null>;
  returnFocusTo: (() => HTMLElement | null) | undefined;
}

const SamplingContext = createContext<ContextValue | null>(null);

function useSamplingContext(part: string): ContextValue {
  const context = useContext(SamplingContext);
  if (!context) throw new Error(`<${part}> must be rendered inside <${ROOT_NAME}>.`);
  return context;
}

/** Props of {@link SamplingRoot}. */
export interface SamplingRootProps {
  prompt: SamplingPrompt;
  /**
   * Receives each answer: approve (with edits to the request, or the edited
   * answer text) or deny. The request is answered first, then — once the
   * model has answered — the completion. Return false to refuse an answer.
   */
  onRespond: (response: SamplingResponse) => boolean | void;
  open?: boolean | undefined;
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  returnFocusTo?: (() => HTMLElement | null) | undefined;
  labels?: Partial<Labels> | undefined;
  children?: ReactNode;
}

function SamplingRootImpl({ prompt, onRespond, open, defaultOpen = true, onOpenChange, returnFocusTo, labels: labelOverrides, children }: SamplingRootProps) {
  const labels = useLabels(labelOverrides, defaultLabels);
  // One consent root for every family. The request answered, the dialog stays for the completion; a deny or the final approval ends it.
  const root = useConsentRoot<SamplingResponse>({
    open,
    defaultOpen,
    onOpenChange,
    caller: ROOT_NAME,
    refusal: { action: 'deny' },
    onAnswer: onRespond,
    isFinal: (response) => response.action === 'deny' || prompt.stage === 'result',
  });
  const { respond } = root;
  const [editing, setEditing] = useState(false);
  const [systemPrompt, setSystemPrompt] = useState(prompt.view.systemPrompt ?? '');
  // Keys are block positions; a Map keeps them data.
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [resultText, setResultText] = useState(prompt.result?.text ?? '');
  // The answer arrives while the dialog is open: start the editor from it.
  const answer = prompt.result?.text;
  const [seenAnswer, setSeenAnswer] = useState(answer);
  if (answer !== seenAnswer) {
    setSeenAnswer(answer);
    if (answer !== undefined) setResultText(answer);
  }
  const titleId = useId();
  const descriptionId = useId();
  const denyRef = useRef<HTMLButtonElement | null>(null);
  const setText = useCallback(
    (key: string, value: string, original: string) =>
      setTexts((current) => {
        const next = new Map(current);
        if (value === original) next.delete(key);
        else next.set(key, value);
        return next;
      }),
    [],
  );
  const serverName = displayServerName(prompt.serverName, prompt.serverId);
  const context = useMemo<ContextValue>(
    () => ({ prompt, labels, serverName, editing, setEditing, systemPrompt, setSystemPrompt, texts, setText, resultText, setResultText, respond, titleId, descriptionId, denyRef, returnFocusTo }),
    [prompt, labels, serverName, editing, systemPrompt, texts, setText, resultText, respond, titleId, descriptionId, returnFocusTo],
  );
  return (
    <SamplingContext.Provider value={context}>
      <ConsentDialogRoot state={root}>{children}</ConsentDialogRoot>
    </SamplingContext.Provider>
  );
}
// A prompt it cannot read (built or changed by hand) is refused once instead of a crash.
/**
 * A server asking to use the host's model (`sampling/createMessage`). The
 * person reviews what would be sent — the messages (audience annotations
 * apply), the system prompt, model preferences, `maxTokens` and any tools —
 * and may edit or deny it; then reviews (and may edit) the model's answer
 * before it goes back to the server. Escape denies; focus starts on Deny.
 *
 * @example
 * <SamplingDialog prompt={pending} onRespond={(answer) => controller.respond(pending.id, answer)} />
 */
export const SamplingRoot = guardConsent(SamplingRootImpl, ({ onRespond }) => void onRespond({ action: 'deny' }), ROOT_NAME);

/** Props of {@link SamplingContent}. */
export interface SamplingContentProps extends ComponentPropsWithoutRef<typeof Dialog.Content> {
  container?: HTMLElement | null | undefined;
}

/** The dialog box (portalled, modal, focus trapped), `role="alertdialog"`. Carries `data-stage` and `data-trust`. */
export const SamplingContent = forwardRef<HTMLDivElement, SamplingContentProps>(function SamplingContent({ className, children, ...props }, ref) {
  const { prompt, titleId, descriptionId, denyRef, returnFocusTo } = useSamplingContext('Sampling.Content');
  return (
    <ModalContent
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-slot="sampling"
      data-stage={prompt.stage}
      data-trust={prompt.trust}
      initialFocus={() => denyRef.current}
      returnFocusTo={returnFocusTo}
      {...props}
      ref={ref} className={className}
    >
      {children}
    </ModalContent>
  );
});
SamplingContent.displayName = 'Sampling.Content';

/** The title for the stage: the request, or the answer. */
export const SamplingTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<'h2'>>(function SamplingTitle({ className, children, ...props }, ref) {
  const { prompt, labels, serverName, titleId } = useSamplingContext('Sampling.Title');
  const template = prompt.stage === 'request' ? labels.samplingTitle : labels.samplingResultTitle;
  return (
    <Dialog.Title id={titleId} data-slot="sampling-title" {...props} ref={ref} className={className}>
      {children ?? formatLabel(template, { server: serverName })}
    </Dialog.Title>
  );
});
SamplingTitle.displayName = 'Sampling.Title';

/** Which server asks, how far it is trusted, and why a person reviews it. */
export const SamplingDescription = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function SamplingDescription({ className, ...props }, ref) {
  const { prompt, labels, serverName, descriptionId } = useSamplingContext('Sampling.Description');
  const locale = useLocale();
  return (
    <div id={descriptionId} data-slot="sampling-description" {...props} ref={ref} className={className}>
      <dl data-slot="dialog-facts">
        <div data-slot="dialog-fact">
          <dt data-slot="dialog-term">{labels.server}</dt>
          <dd data-trust={prompt.trust} data-slot="dialog-value">
            {serverName} <span data-slot="dialog-trust">({prompt.trust === 'trusted' ? labels.trusted : labels.untrusted})</span>
          </dd>
        </div>
        <AskedDuring callName={prompt.callName} label={labels.askedDuring} slot="sampling-call" />
      </dl>
      <ReasonList reasons={prompt.decision.reasons} labels={labels} locale={locale} />
    </div>
  );
});
SamplingDescription.displayName = 'Sampling.Description';

/** What the server wants sent to the model: messages, system prompt, preferences, limits and tools; editable. */
export const SamplingRequest = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function SamplingRequest({ className, ...props }, ref) {
  const { prompt, labels, editing, systemPrompt, setSystemPrompt, texts, setText } = useSamplingContext('Sampling.Request');
  const locale = useLocale();
  const view = prompt.view;
  const facts: Array<[string, string]> = [];
  if (view.maxTokens !== undefined) facts.push([labels.maxTokens, String(view.maxTokens)]);
  if (view.temperature !== undefined) facts.push([labels.temperature, String(view.temperature)]);
  if (view.modelHints.length > 0) facts.push([labels.modelHints, view.modelHints.join(', ')]);
  const priorities = [
    [labels.intelligencePriority, view.intelligencePriority],
    [labels.speedPriority, view.speedPriority],
    [labels.costPriority, view.costPriority],
  ].filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  if (priorities.length > 0) facts.push([labels.modelPreferences, priorities.map(([name, value]) => `${name} ${value}`).join(' · ')]);
  if (view.includeContext && view.includeContext !== 'none') facts.push([labels.includeContext, labels[`includeContext.${view.includeContext}`]]);
  if (view.stopSequences.length > 0) facts.push([labels.stopSequences, view.stopSequences.join(', ')]);
  return (
    <div data-slot="sampling-request" {...props} ref={ref} className={className}>
      {!view.valid && (
        <p data-slot="content-placeholder">
          <Icon name="warning" /> {view.problemCodes.map((problem) => problemText(problem, labels, locale)).join(' ')}
        </p>
      )}
      <h3 data-slot="dialog-section-title">{labels.systemPrompt}</h3>
      {editing ? (
        <textarea aria-label={labels.systemPrompt} data-slot="dialog-input" value={systemPrompt} onChange={(event) => setSystemPrompt(event.currentTarget.value)} rows={3} />
      ) : (
        <p data-slot="sampling-system-prompt">
          {view.systemPrompt ?? labels.none}
        </p>
      )}
      <h3 data-slot="dialog-section-title">{labels.messages}</h3>
      <ol data-slot="sampling-messages">
        {view.messages.map((message, m) => {
          // Only text the person may see can be edited; the rest passes through unchanged.
          const visibleText = selectVisible(message.content, 'user')
            .filter((item) => item.block.type === 'text' && typeof item.block.text === 'string')
            .map((item) => ({ key: `${m}:${item.index}`, text: item.block.text as string }));
          return (
            <li key={m} data-role={message.role} data-slot="sampling-message">
              <span data-slot="sampling-message-role">{message.role === 'user' ? labels.roleUser : labels.roleAssistant}</span>
              {editing && visibleText.length > 0 ? (
                visibleText.map(({ key, text }, part) => (
                  <textarea
                    key={key}
                    aria-label={visibleText.length > 1 ? formatLabel(labels.editMessagePart, { number: m + 1, part: part + 1 }) : formatLabel(labels.editMessage, { number: m + 1 })} data-slot="dialog-input"
                    value={texts.get(key) ?? text}
                    onChange={(event) => setText(key, event.currentTarget.value, text)}
                    rows={3}
                  />
                ))
              ) : (
                <ContentBlocks blocks={samplingDisplayBlocks(message.content, previewWords(labels, locale))} viewer={prompt.hidden === 'show' ? 'assistant' : 'user'} />
              )}
            </li>
          );
        })}
      </ol>
      {facts.length > 0 && (
        <dl data-slot="sampling-facts">
          {facts.map(([term, value]) => (
            <div key={term} data-slot="dialog-fact">
              <dt data-slot="dialog-term">{term}</dt>
              <dd data-slot="dialog-value">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {view.tools.length > 0 && (
        <>
          <h3 data-slot="dialog-section-title">{labels.requestedTools}</h3>
          <ul data-slot="sampling-tools">
            {view.tools.map((tool) => (
              <li key={tool.name} data-slot="dialog-item">
                <code data-slot="machine-name">{tool.name}</code> {tool.description}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
});
SamplingRequest.displayName = 'Sampling.Request';

/** The model's answer, reviewed (and editable) before it goes back to the server. */
export const SamplingResult = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function SamplingResult({ className, ...props }, ref) {
  const { prompt, labels, resultText, setResultText } = useSamplingContext('Sampling.Result');
  const result = prompt.result;
  if (prompt.stage === 'generating') {
    return (
      <p data-slot="sampling-generating" role="status" {...props} ref={ref}>
        <Icon name="spinner" /> {labels.generating}
      </p>
    );
  }
  if (!result) return null;
  return (
    <div data-slot="sampling-result" {...props} ref={ref} className={className}>
      <h3 data-slot="dialog-section-title">{labels.modelAnswer}</h3>
      {result.text !== undefined ? (
        <textarea aria-label={labels.modelAnswer} data-slot="dialog-input" value={resultText} onChange={(event) => setResultText(event.currentTarget.value)} rows={5} />
      ) : (
        <ContentBlocks blocks={result.content} />
      )}
      {result.model && (
        <p data-slot="elicitation-help">
          {labels.model}: <code data-slot="machine-name">{safeName(result.model)}</code>
        </p>
      )}
    </div>
  );
});
SamplingResult.displayName = 'Sampling.Result';

/** Deny (focused first), Edit, and Approve — or, for the answer, Send it back. */
export const SamplingActions = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function SamplingActions({ className, ...props }, ref) {
  const { prompt, labels, editing, setEditing, systemPrompt, texts, resultText, respond, denyRef } = useSamplingContext('Sampling.Actions');
  const request = prompt.stage === 'request';
  return (
    <div data-slot="sampling-actions" {...props} ref={ref} className={className}>
      <button type="button" ref={denyRef} data-slot="sampling-deny" onClick={() => respond({ action: 'deny' })}>
        {labels.deny}
      </button>
      {request && prompt.view.valid && (
        <button type="button" data-slot="sampling-edit" aria-pressed={editing} onClick={() => setEditing(!editing)}>
          {labels.edit}
        </button>
      )}
      {request && prompt.view.valid && (
        <button
          type="button"
          data-slot="sampling-approve"
          onClick={() => {
            // Only what the person changed counts as an edit (core decides what differs).
            const edits = samplingEditsFrom(prompt.view, { systemPrompt, texts });
            respond(edits ? { action: 'approve', edits } : { action: 'approve' });
          }}
        >
          {labels.sendToModel}
        </button>
      )}
      {prompt.stage === 'result' && (
        <button
          type="button"
          data-slot="sampling-approve"
          onClick={() => respond(prompt.result?.text !== undefined ? { action: 'approve', text: resultText } : { action: 'approve' })}
        >
          {labels.sendToServer}
        </button>
      )}
    </div>
  );
});
SamplingActions.displayName = 'Sampling.Actions';

/** Props of {@link SamplingDialog}. */
export type SamplingDialogProps = Omit<SamplingRootProps, 'children'> & { container?: HTMLElement | null | undefined; className?: string | undefined };

// The body for the stage, read inside the root (where a prompt it cannot read is refused, not thrown).
function SamplingStage() {
  const { prompt } = useSamplingContext('SamplingDialog');
  return prompt.stage === 'request' ? <SamplingRequest /> : <SamplingResult />;
}

/**
 * The complete sampling review with every part in the default order (the
 * `Sampling` namespace's composition, named like `ToolConfirmDialog` and
 * `ElicitationDialog`).
 *
 * @example
 * <SamplingDialog prompt={pending} onRespond={(answer) => controller.respond(pending.id, answer)} />
 */
export function SamplingDialog({ container, className, ...props }: SamplingDialogProps) {
  return (
    <SamplingRoot {...props}>
      <SamplingContent container={container} className={className}>
        <SamplingTitle />
        <SamplingDescription />
        <SamplingStage />
        <SamplingActions />
      </SamplingContent>
    </SamplingRoot>
  );
}
SamplingDialog.displayName = 'SamplingDialog';
