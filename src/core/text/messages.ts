/**
 * Core says what happened with codes and parameters; these tables hold the
 * English for each code. They are part of the one message table a person's
 * words come from (the React layer's `defaultLabels`, which takes a host's
 * translation over them); core itself never says a sentence with them.
 */
import type { MessageParams } from './format.js';

/** A code with its parameters: what core returns instead of a sentence. */
export interface MessageRef<C extends string = string> {
  code: C;
  params?: MessageParams | undefined;
}

/** Why a tool call's status is an error or cancelled, when it is this app's word and not the server's. */
export type ToolCallErrorCode = 'result-unreadable' | 'result-unknown' | 'result-no-content' | 'call-failed' | 'task-unreadable' | 'task-failed' | 'part-unreadable';

/** English for each {@link ToolCallErrorCode}. */
export const statusMessages: { readonly [K in ToolCallErrorCode as `status.${K}`]: string } = {
  'status.result-unreadable': 'The server returned a result this app cannot read.',
  'status.result-unknown': 'The server returned a result this app does not know.',
  'status.result-no-content': 'The server returned a result without content.',
  'status.call-failed': 'The call failed.',
  'status.task-unreadable': 'The server sent a task this app cannot read.',
  'status.task-failed': 'The task failed.',
  'status.part-unreadable': 'This app cannot show this tool call.',
};

/** Why a server request (elicitation, sampling) cannot be shown and can only be declined. */
export type RequestProblemCode =
  | 'not-object'
  | 'unreadable'
  | 'no-url'
  | 'mode-unknown'
  | 'no-schema'
  | 'schema-not-object'
  | 'no-properties'
  | 'schema-unreadable'
  | 'too-many-fields'
  | 'field-unreadable'
  | 'field-nested'
  | 'field-type-unknown'
  | 'field-choices-invalid'
  | 'no-messages'
  | 'too-many-messages'
  | 'message-role'
  | 'no-max-tokens';

/** English for each {@link RequestProblemCode}. `{field}` is the server's field name; `{max}` a limit. */
export const problemMessages: { readonly [K in RequestProblemCode as `problem.${K}`]: string } = {
  'problem.not-object': 'The request is not an object.',
  'problem.unreadable': 'The request could not be read.',
  'problem.no-url': 'The request has no usable URL.',
  'problem.mode-unknown': 'The mode "{mode}" is not known.',
  'problem.no-schema': 'The request has no schema.',
  'problem.schema-not-object': 'The schema is not an object schema.',
  'problem.no-properties': 'The schema has no properties.',
  'problem.schema-unreadable': 'The schema cannot be read.',
  'problem.too-many-fields': 'The form has more than {max} fields.',
  'problem.field-unreadable': 'The field "{field}" cannot be read.',
  'problem.field-nested': 'The field "{field}" is nested, which a form cannot show.',
  'problem.field-type-unknown': 'The field "{field}" has a type this form cannot show ({type}).',
  'problem.field-choices-invalid': 'The field "{field}" has choices that cannot be read.',
  'problem.no-messages': 'The request has no messages.',
  'problem.too-many-messages': 'The request has more than {max} messages.',
  'problem.message-role': 'A message has no role of "user" or "assistant".',
  'problem.no-max-tokens': 'The request has no maxTokens.',
};

/** Why a value in a form is not right. */
export type FieldErrorCode = 'required' | 'min-length' | 'max-length' | 'email' | 'uri' | 'date' | 'date-time' | 'number' | 'integer' | 'minimum' | 'maximum' | 'choice' | 'choices' | 'min-items' | 'max-items';

/** English for each {@link FieldErrorCode}; `{limit}` is the schema's limit. */
export const fieldErrorMessages: { readonly [K in FieldErrorCode as `invalid.${K}`]: string } = {
  'invalid.required': 'This field is required.',
  'invalid.min-length': 'Use at least {limit, plural, one {# character} other {# characters}}.',
  'invalid.max-length': 'Use at most {limit, plural, one {# character} other {# characters}}.',
  'invalid.email': 'Enter an email address.',
  'invalid.uri': 'Enter a full web address.',
  'invalid.date': 'Enter a date (YYYY-MM-DD).',
  'invalid.date-time': 'Enter a date and time.',
  'invalid.number': 'Enter a number.',
  'invalid.integer': 'Enter a whole number.',
  'invalid.minimum': 'Enter {limit} or more.',
  'invalid.maximum': 'Enter {limit} or less.',
  'invalid.choice': 'Choose one of the options.',
  'invalid.choices': 'Choose only from the options.',
  'invalid.min-items': 'Choose at least {limit}.',
  'invalid.max-items': 'Choose at most {limit}.',
};

/** The kinds of secret the sensitive-field detection knows. */
export type SensitiveKind =
  | 'password'
  | 'passphrase'
  | 'recovery-phrase'
  | 'secret'
  | 'token'
  | 'api-key'
  | 'credential'
  | 'private-key'
  | 'one-time-code'
  | 'pin'
  | 'card-number'
  | 'account-number'
  | 'national-id';

/** English name of each {@link SensitiveKind} ("looks like a {term}"). */
export const sensitiveMessages: { readonly [K in SensitiveKind as `sensitive.${K}`]: string } = {
  'sensitive.password': 'password',
  'sensitive.passphrase': 'passphrase',
  'sensitive.recovery-phrase': 'recovery phrase',
  'sensitive.secret': 'secret',
  'sensitive.token': 'token',
  'sensitive.api-key': 'API key',
  'sensitive.credential': 'credential',
  'sensitive.private-key': 'private key',
  'sensitive.one-time-code': 'one-time code',
  'sensitive.pin': 'PIN',
  'sensitive.card-number': 'card number',
  'sensitive.account-number': 'IBAN or account number',
  'sensitive.national-id': 'SSN or national id',
};

