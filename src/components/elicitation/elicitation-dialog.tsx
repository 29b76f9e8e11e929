'use client';
// One file on purpose (~590 lines): the Elicitation parts share one context and one
// form state, and the form, review and URL modes read the same values; split files
// would have to export that state between them.
import * as Dialog from '@radix-ui/react-dialog';
import { createContext, forwardRef, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ComponentPropsWithoutRef, type FormEvent, type ReactNode } from 'react';
import type { ElicitationResponse, PendingElicitation } from '../../core/consent/index.js';
import { displayServerName } from '../../core/text/sanitize.js';
import { elicitationNeedsAcknowledgement, elicitationValue, elicitationWarnings, initialElicitationValues, setElicitationValue, validateElicitation, type ElicitationField, type ElicitationValues } from '../../core/requests/elicitation.js';
import { ownData } from '../../core/shared/read.js';
import { defaultLabels, formatLabel, urlWarningKeys, type Labels } from '../../internal/default-labels.js';
import { Icon } from '../../internal/icons.js';
import { AskedDuring } from '../../internal/asked-during.js';
import { useLabels, useLocale } from '../../internal/labels.js';
import { ConsentDialogRoot, guardConsent, useConsentRoot } from '../../internal/consent-root.js';
import { formatReason } from '../../core/text/reasons.js';
import { fieldErrorTexts, problemText } from '../../internal/messages.js';
import { ModalContent } from '../../internal/modal-content.js';

const ROOT_NAME = 'Elicitation.Root';

/** What an elicitation dialog shows. A pending elicitation from the approval controller fits as is. */
/**
 * What the dialog shows: the controller's pending elicitation (derived from
 * it, so the two cannot drift), with the server name optional (default: the
 * id, shown sanitised) and only the decision's reasons needed.
 */
export type ElicitationPrompt = Pick<PendingElicitation, 'serverId' | 'trust' | 'view' | 'callId' | 'callName' | 'stop'> &
  Partial<Pick<PendingElicitation, 'serverName'>> & {
    /** The policy's decision, for its reasons. */
    decision: { reasons: readonly PendingElicitation['decision']['reasons'][number][] };
  };

type Stage = 'form' | 'review';

interface ContextValue {
  prompt: ElicitationPrompt;
  labels: Labels;
  serverName: string;
  stage: Stage;
  setStage: (stage: Stage) => void;
  values: ElicitationValues;
  setValue: (name: string, value: ElicitationValues[string]) => void;
  errors: Record<string, string>;
  /** Shows the errors; a non-empty set also counts a failed attempt, which moves focus to the first invalid field. */
  setErrors: (errors: Record<string, string>) => void;
  invalidAttempt: number;
  confirmedSensitive: boolean;
  setConfirmedSensitive: (value: boolean) => void;
  respond: (response: ElicitationResponse) => boolean;
  titleId: string;
  descriptionId: string;
  formId: string;
  firstFieldRef: React.RefObject<HTMLElement | null>;
  safeActionRef: React.RefObject<HTMLButtonElement | null>;
  returnFocusTo: (() => HTMLElement | null) | undefined;
}

const ElicitationContext = createContext<ContextValue | null>(null);

function useElicitationContext(part: string): ContextValue {
  const context = useContext(ElicitationContext);
  if (!context) throw new Error(`<${part}> must be rendered inside <${ROOT_NAME}>.`);
  return context;
}

/** Props of {@link ElicitationRoot}. */
export interface ElicitationRootProps {
  prompt: ElicitationPrompt;
  /**
   * Receives the answer: `accept` with exactly the reviewed values, `decline`
   * (an explicit no) or `cancel` (dismissed, Escape). Return false to refuse
   * it (e.g. the values are not valid); the dialog stays open. Called once.
   */
  onRespond: (response: ElicitationResponse) => boolean | void;
  open?: boolean | undefined;
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  /** Where focus goes when the dialog closes (e.g. the call's card). */
  returnFocusTo?: (() => HTMLElement | null) | undefined;
  /** Opens an accepted URL; default `window.open(url, '_blank', 'noopener,noreferrer')`. */
  openUrl?: ((url: string) => void) | undefined;
  labels?: Partial<Labels> | undefined;
  children?: ReactNode;
}

const OpenUrlContext = createContext<(url: string) => void>(() => {});

function ElicitationRootImpl({ prompt, onRespond, open, defaultOpen = true, onOpenChange, returnFocusTo, openUrl, labels: labelOverrides, children }: ElicitationRootProps) {
  const labels = useLabels(labelOverrides, defaultLabels);
  // One consent root for every family: answered once, the latest callback; Escape, the close button or unmounting undecided is a cancel (the person never answered).
  const root = useConsentRoot<ElicitationResponse>({ open, defaultOpen, onOpenChange, caller: ROOT_NAME, refusal: { action: 'cancel' }, onAnswer: onRespond });
  const { respond } = root;
  const [stage, setStage] = useState<Stage>('form');
  const [values, setValues] = useState<ElicitationValues>(() => initialElicitationValues(prompt.view));
  // Keyed by field names (server data): null-prototype objects, read as own properties only.
  const [errors, setErrorsState] = useState<Record<string, string>>(() => Object.create(null) as Record<string, string>);
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const setErrors = useCallback((next: Record<string, string>) => {
    setErrorsState(next);
    if (Object.keys(next).length > 0) setInvalidAttempt((count) => count + 1);
  }, []);
  const [confirmedSensitive, setConfirmedSensitive] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  const formId = useId();
  const firstFieldRef = useRef<HTMLElement | null>(null);
  const safeActionRef = useRef<HTMLButtonElement | null>(null);

  const setValue = useCallback((name: string, value: ElicitationValues[string]) => {
    setValues((current) => setElicitationValue(current, name, value));
    // A changed value is a new answer: the acknowledgement a secret needs is asked again.
    setConfirmedSensitive(false);
  }, []);
  const changeStage = useCallback((next: Stage) => {
    if (next === 'form') setConfirmedSensitive(false);
    setStage(next);
  }, []);
  const serverName = displayServerName(prompt.serverName, prompt.serverId);
  const context = useMemo<ContextValue>(
    () => ({
      prompt,
      labels,
      serverName,
      stage,
      setStage: changeStage,
      values,
      setValue,
      errors,
      setErrors,
      invalidAttempt,
      confirmedSensitive,
      setConfirmedSensitive,
      respond,
      titleId,
      descriptionId,
      formId,
      firstFieldRef,
      safeActionRef,
      returnFocusTo,
    }),
    [prompt, labels, serverName, stage, changeStage, values, setValue, errors, setErrors, invalidAttempt, confirmedSensitive, respond, titleId, descriptionId, formId, returnFocusTo],
  );
  const defaultOpenUrl = useCallback((url: string) => void window.open(url, '_blank', 'noopener,noreferrer'), []);
  return (
    <ElicitationContext.Provider value={context}>
      <OpenUrlContext.Provider value={openUrl ?? defaultOpenUrl}>
        <ConsentDialogRoot state={root}>{children}</ConsentDialogRoot>
      </OpenUrlContext.Provider>
    </ElicitationContext.Provider>
  );
}
// A prompt it cannot read (built or changed by hand) is refused once instead of a crash.
/**
 * A server asking the person for information (`elicitation/create`), in
 * form or URL mode. It shows which server asks and how far it is trusted.
 * A form is filled in (pre-filled from the schema's defaults), then reviewed
 * — the values to be sent, exactly — before Send. Accept, Decline (an
 * explicit no) and Cancel (dismissed, Escape) are distinct answers. A field
 * that looks like a secret is flagged and needs an extra confirmation. A URL
 * is shown in full with its host emphasised and opened (new tab, no opener)
 * only after consent; a non-https URL or a malformed request can only be
 * declined.
 *
 * @example
 * <Elicitation.Root prompt={prompt} onRespond={(answer) => controller.respond(id, answer)}>
 *   <Elicitation.Content>
 *     <Elicitation.Title />
 *     <Elicitation.Description />
 *     <Elicitation.Body />
 *     <Elicitation.Actions />
 *   </Elicitation.Content>
 * </Elicitation.Root>
 */
export const ElicitationRoot = guardConsent(ElicitationRootImpl, ({ onRespond }) => void onRespond({ action: 'cancel' }), ROOT_NAME);

/** Props of {@link ElicitationContent}. */
export interface ElicitationContentProps extends ComponentPropsWithoutRef<typeof Dialog.Content> {
  container?: HTMLElement | null | undefined;
}

/** The dialog box (portalled, modal, focus trapped). Carries `data-mode`, `data-stage` and `data-trust`. */
export const ElicitationContent = forwardRef<HTMLDivElement, ElicitationContentProps>(function ElicitationContent({ className, children, ...props }, ref) {
  const { prompt, stage, titleId, descriptionId, firstFieldRef, safeActionRef, returnFocusTo } = useElicitationContext('Elicitation.Content');
  return (
    <ModalContent
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-slot="elicitation"
      data-mode={prompt.view.mode}
      data-stage={stage}
      data-trust={prompt.trust}
      data-sensitive={prompt.view.mode === 'form' && prompt.view.sensitive ? 'true' : undefined}
      // A form starts on its first field; a link or a request that can only be declined starts on the safe answer.
      initialFocus={() => (prompt.view.mode === 'form' ? (firstFieldRef.current ?? safeActionRef.current) : safeActionRef.current)}
      returnFocusTo={returnFocusTo}
      {...props}
      ref={ref} className={className}
    >
      {children}
    </ModalContent>
  );
});
ElicitationContent.displayName = 'Elicitation.Content';

/** The title: which server asks for what. */
export const ElicitationTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<'h2'>>(function ElicitationTitle({ className, children, ...props }, ref) {
  const { prompt, labels, serverName, titleId } = useElicitationContext('Elicitation.Title');
  const template = prompt.view.mode === 'url' ? labels.elicitationUrlTitle : labels.elicitationTitle;
  return (
    <Dialog.Title id={titleId} data-slot="elicitation-title" {...props} ref={ref} className={className}>
      {children ?? formatLabel(template, { server: serverName })}
    </Dialog.Title>
  );
});
ElicitationTitle.displayName = 'Elicitation.Title';

/** Which server asks (and how far it is trusted), the server's own message, and why to be careful. */
export const ElicitationDescription = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ElicitationDescription({ className, ...props }, ref) {
  const { prompt, labels, serverName, descriptionId } = useElicitationContext('Elicitation.Description');
  const locale = useLocale();
  const warnings = elicitationWarnings(prompt.decision.reasons);
  return (
    <div id={descriptionId} data-slot="elicitation-description" {...props} ref={ref} className={className}>
      <dl data-slot="dialog-facts">
        <div data-slot="dialog-fact">
          <dt data-slot="dialog-term">{labels.server}</dt>
          <dd data-slot="elicitation-server" data-trust={prompt.trust}>
            {serverName} <span data-slot="dialog-trust">({prompt.trust === 'trusted' ? labels.trusted : labels.untrusted})</span>
          </dd>
        </div>
        <AskedDuring callName={prompt.callName} label={labels.askedDuring} slot="elicitation-call" />
      </dl>
      {prompt.view.message && (
        <p data-slot="elicitation-message">
          {prompt.view.message}
        </p>
      )}
      {warnings.length > 0 && (
        <ul data-slot="elicitation-warnings" data-risk="destructive">
          {warnings.map((reason) => (
            <li key={reason.code} data-code={reason.code} data-slot="elicitation-warning">
              <Icon name="warning" /> {formatReason(reason, labels, locale)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
ElicitationDescription.displayName = 'Elicitation.Description';

function FieldInput({ field, first }: { field: ElicitationField; first: boolean }) {
  const { values, setValue, errors, firstFieldRef, labels } = useElicitationContext('Elicitation.Body');
  const id = useId();
  const descriptionId = useId();
  const errorId = useId();
  const value = elicitationValue(values, field.name);
  const ownError = ownData(errors, field.name);
  const error = typeof ownError === 'string' ? ownError : undefined;
  const describedBy = [field.description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const refFor = first ? (node: HTMLElement | null) => void (firstFieldRef.current = node) : undefined;
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required: field.required } as const;
  let input: ReactNode;
  switch (field.kind) {
    case 'boolean':
      input = <input {...common} ref={refFor} type="checkbox" data-slot="dialog-checkbox" checked={value === true} onChange={(event) => setValue(field.name, event.currentTarget.checked)} required={false} />;
      break;
    case 'choice':
      input = (
        <select {...common} ref={refFor} data-slot="dialog-input" value={typeof value === 'string' ? value : ''} onChange={(event) => setValue(field.name, event.currentTarget.value)}>
          {!field.required || value === '' ? <option value="">{labels.chooseOne}</option> : null}
          {field.options!.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'choices': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset data-slot="elicitation-field" data-kind={field.kind} data-sensitive={field.sensitive || undefined} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
          <legend data-slot="elicitation-label">
            {field.label}
            {field.required && <> <span data-slot="elicitation-required">({labels.required})</span></>}
          </legend>
          {field.options!.map((option, i) => (
            <label key={option.value} data-slot="elicitation-choice">
              <input
                ref={i === 0 ? refFor : undefined}
                type="checkbox" data-slot="dialog-checkbox"
                checked={chosen.includes(option.value)}
                onChange={(event) => setValue(field.name, event.currentTarget.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value))}
              />
              {option.label}
            </label>
          ))}
          {field.description && (
            <p id={descriptionId} data-slot="elicitation-help">
              {field.description}
            </p>
          )}
          {error && (
            <p id={errorId} data-slot="elicitation-error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
      );
    }
    default: {
      // A secret is masked whatever its type (an integer PIN too), entered with the right keyboard.
      const type = field.sensitive ? 'password' : field.kind === 'text' ? (field.format === 'email' ? 'email' : field.format === 'uri' ? 'url' : field.format === 'date' ? 'date' : field.format === 'date-time' ? 'datetime-local' : 'text') : 'number';
      input = (
        <input
          {...common}
          ref={refFor}
          type={type} data-slot="dialog-input"
          autoComplete={field.sensitive ? 'off' : undefined}
          inputMode={field.sensitive && field.kind !== 'text' ? (field.kind === 'integer' ? 'numeric' : 'decimal') : undefined}
          value={value === undefined || value === null ? '' : String(value)}
          minLength={field.minLength}
          maxLength={field.maxLength}
          min={type === 'number' ? field.minimum : undefined}
          max={type === 'number' ? field.maximum : undefined}
          step={type !== 'number' ? undefined : field.kind === 'integer' ? 1 : 'any'}
          onChange={(event) => setValue(field.name, event.currentTarget.value)}
        />
      );
    }
  }
  return (
    <div data-slot="elicitation-field" data-kind={field.kind} data-sensitive={field.sensitive || undefined}>
      <label htmlFor={id} data-slot="elicitation-label">
        {field.label}
        {field.required && field.kind !== 'boolean' && <> <span data-slot="elicitation-required">({labels.required})</span></>}
        {field.sensitive && (
          <span data-slot="elicitation-sensitive">
            {' '}
            <Icon name="warning" /> {formatLabel(labels.looksSensitive, { term: labels[`sensitive.${field.sensitiveKind ?? 'secret'}`] })}
          </span>
        )}
      </label>
      {input}
      {field.description && (
        <p id={descriptionId} data-slot="elicitation-help">
          {field.description}
        </p>
      )}
      {error && (
        <p id={errorId} data-slot="elicitation-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

// Review is the truth: a choice whose label differs from the value sent shows both ("Keep my data (delete_all)").
const choiceText = (field: ElicitationField, value: string) => {
  const label = field.options!.find((option) => option.value === value)?.label;
  return label === undefined || label === value ? value : `${label} (${value})`;
};

function displayValue(field: ElicitationField, value: unknown, labels: Labels): string {
  if (value === undefined) return labels.notSent;
  if (field.kind === 'boolean') return value === true ? labels.yes : labels.no;
  if (field.kind === 'choice') return choiceText(field, String(value));
  if (field.kind === 'choices') return (value as string[]).map((item) => choiceText(field, item)).join(', ') || labels.notSent;
  return String(value);
}

/** Props of {@link ElicitationBody}. */
export type ElicitationBodyProps = ComponentPropsWithoutRef<'div'>;

/**
 * What the request needs: the form (then the review of exactly what will be
 * sent), the link, or — for a request that cannot be shown safely — the
 * problems.
 */
export const ElicitationBody = forwardRef<HTMLDivElement, ElicitationBodyProps>(function ElicitationBody({ className, ...props }, ref) {
  const { prompt, labels, stage, setStage, values, setErrors, invalidAttempt, formId, confirmedSensitive, setConfirmedSensitive, serverName } = useElicitationContext('Elicitation.Body');
  const locale = useLocale();
  const [reveal, setReveal] = useState(false);
  const view = prompt.view;
  // A failed Review (or Send) says where: focus the first invalid field, in view.
  useEffect(() => {
    if (invalidAttempt === 0 || stage !== 'form') return;
    const invalid = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input, select, textarea') : invalid;
    target?.focus();
    target?.scrollIntoView?.({ block: 'nearest' });
  }, [invalidAttempt, stage, formId]);
  const body = (() => {
    if (view.mode === 'invalid') {
      return (
        <div data-slot="elicitation-invalid">
          <Icon name="warning" />
          <div>
            <p data-slot="elicitation-help">{labels.elicitationInvalid}</p>
            <ul data-slot="dialog-list">
              {view.problemCodes.map((problem, i) => (
                <li key={i} data-slot="dialog-item">
                  {problemText(problem, labels, locale)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      );
    }
    if (view.mode === 'url') {
      const { display, warnings, secure } = view.url;
      return (
        <div data-slot="elicitation-url" data-secure={secure}>
          <p data-slot="elicitation-help">{secure ? labels.urlConsent : labels.urlRefused}</p>
          <p data-slot="elicitation-url-text">
            <code translate="no" data-slot="code-text">
              {display.before}
              <strong data-slot="elicitation-url-host">
                {display.emphasis}
              </strong>
              {display.after}
            </code>
          </p>
          {warnings.length > 0 && (
            <ul data-slot="elicitation-url-warnings">
              {warnings.map((warning) => (
                <li key={warning} data-warning={warning} data-slot="dialog-item">
                  {labels[urlWarningKeys[warning]]}
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    }
    if (stage === 'review') {
      const { content } = validateElicitation(view, values);
      return (
        <div data-slot="elicitation-review">
          <h3 data-slot="dialog-section-title">{formatLabel(labels.reviewTitle, { server: serverName })}</h3>
          <dl data-slot="dialog-facts">
            {view.fields.map((field) => (
              <div key={field.name} data-slot="dialog-fact" data-sensitive={field.sensitive || undefined}>
                <dt data-slot="dialog-term">{field.label}</dt>
                <dd data-slot="elicitation-review-value">
                  {field.sensitive && !reveal && ownData(content, field.name) !== undefined ? '••••••••' : displayValue(field, ownData(content, field.name), labels)}
                </dd>
              </div>
            ))}
          </dl>
          {elicitationNeedsAcknowledgement(view) && (
            <>
              <button type="button" data-slot="elicitation-reveal" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
                {labels.showValues}
              </button>
              <label data-slot="elicitation-confirm-sensitive">
                <input type="checkbox" data-slot="dialog-checkbox" checked={confirmedSensitive} onChange={(event) => setConfirmedSensitive(event.currentTarget.checked)} />
                {formatLabel(labels.confirmSensitive, { server: serverName })}
              </label>
            </>
          )}
        </div>
      );
    }
    return (
      <form
        id={formId}
        data-slot="elicitation-form"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          // Native validation ran (required, min, max, type); the schema's own rules run here.
          const checked = validateElicitation(view, values);
          setErrors(fieldErrorTexts(checked.errorCodes, labels, locale));
          if (checked.ok) setStage('review');
        }}
      >
        {view.fields.map((field, i) => (
          <FieldInput key={field.name} field={field} first={i === 0} />
        ))}
      </form>
    );
  })();
  return (
    <div data-slot="elicitation-body" {...props} ref={ref} className={className}>
      {body}
    </div>
  );
});
ElicitationBody.displayName = 'Elicitation.Body';

/** The answers that fit where the dialog is: Cancel, Decline and Review/Send, Back, or Open link. */
export const ElicitationActions = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function ElicitationActions({ className, ...props }, ref) {
  const { prompt, labels, stage, setStage, respond, values, setErrors, formId, safeActionRef, confirmedSensitive } = useElicitationContext('Elicitation.Actions');
  const locale = useLocale();
  const openUrl = useContext(OpenUrlContext);
  const view = prompt.view;
  const decline = (
    <button type="button" ref={view.mode !== 'form' ? safeActionRef : undefined} data-slot="elicitation-decline" onClick={() => respond({ action: 'decline' })}>
      {labels.decline}
    </button>
  );
  const cancel = (
    <button type="button" ref={view.mode === 'form' ? safeActionRef : undefined} data-slot="elicitation-cancel" onClick={() => respond({ action: 'cancel' })}>
      {labels.cancel}
    </button>
  );
  // The modal covers the card's Cancel: stopping what asked is offered here (the prompt is cancelled with it).
  const stop = prompt.stop ? (
    <button type="button" data-slot="elicitation-stop" data-stop={prompt.stop} onClick={() => respond({ action: 'cancel', stop: true })}>
      {prompt.stop === 'task' ? labels.stopTask : labels.stopCall}
    </button>
  ) : null;
  let primary: ReactNode = null;
  if (view.mode === 'url' && view.url.secure) {
    primary = (
      <button
        type="button"
        data-slot="elicitation-accept"
        onClick={() => {
          if (respond({ action: 'accept' })) openUrl(view.url.href);
        }}
      >
        {labels.openLink}
      </button>
    );
  } else if (view.mode === 'form' && stage === 'form') {
    primary = (
      <button type="submit" form={formId} data-slot="elicitation-review-button">
        {labels.review}
      </button>
    );
  } else if (view.mode === 'form') {
    primary = (
      <>
        <button type="button" data-slot="elicitation-back" onClick={() => setStage('form')}>
          {labels.back}
        </button>
        <button
          type="button"
          data-slot="elicitation-accept"
          disabled={elicitationNeedsAcknowledgement(view) && !confirmedSensitive}
          onClick={() => {
            const checked = validateElicitation(view, values);
            if (!checked.ok) {
              setErrors(fieldErrorTexts(checked.errorCodes, labels, locale));
              setStage('form');
              return;
            }
            // Exactly what the review showed: typed, only the form's fields, empty optional ones left out.
            respond({ action: 'accept', content: checked.content, ...(elicitationNeedsAcknowledgement(view) ? { acknowledged: confirmedSensitive } : {}) });
          }}
        >
          {labels.send}
        </button>
      </>
    );
  }
  return (
    <div data-slot="elicitation-actions" {...props} ref={ref} className={className}>
      {stop}
      {view.mode === 'invalid' ? decline : cancel}
      {view.mode !== 'invalid' && decline}
      {primary}
    </div>
  );
});
ElicitationActions.displayName = 'Elicitation.Actions';

/** Props of {@link ElicitationDialog}. */
export type ElicitationDialogProps = Omit<ElicitationRootProps, 'children'> & { container?: HTMLElement | null | undefined; className?: string | undefined };

/**
 * The complete elicitation dialog with every part in the default order.
 *
 * @example
 * <ElicitationDialog prompt={pending} onRespond={(answer) => controller.respond(pending.id, answer)} />
 */
export function ElicitationDialog({ container, className, ...props }: ElicitationDialogProps) {
  return (
    <ElicitationRoot {...props}>
      <ElicitationContent container={container} className={className}>
        <ElicitationTitle />
        <ElicitationDescription />
        <ElicitationBody />
        <ElicitationActions />
      </ElicitationContent>
    </ElicitationRoot>
  );
}
ElicitationDialog.displayName = 'ElicitationDialog';
