import { toolDecisionMessages } from '../core/tool/reasons.js';
import { elicitationReasonMessages } from '../core/consent/kinds/elicitation.js';
import { samplingReasonMessages } from '../core/consent/kinds/sampling.js';
import { gateReasonMessages } from '../gate/reasons.js';
import { formatMessage } from '../core/text/format.js';
import { fieldErrorMessages, problemMessages, sensitiveMessages, statusMessages } from '../core/text/messages.js';

// Default English for every built-in UI string, by component family. The message table
// ({@link defaultLabels}) is these plus core's codes (reasons, statuses, request problems,
// field errors, kinds of secret).

/** The words of the tool badges (and `ToolSummary`): what they fall back to with no provider. */
export const badgeLabels = {
  // Tool badges. `{claim}` is used for untrusted servers.
  readOnly: 'Read-only',
  write: 'Writes',
  destructive: 'Destructive',
  idempotent: 'Safe to retry',
  openWorld: 'Reaches outside',
  closedWorld: 'Local only',
  background: 'Background',
  toolHints: 'Tool hints',
  unverified: 'Unverified',
  assumed: 'assumed',
  readOnlyDescription: 'Does not change anything.',
  writeDescription: 'Can change data, but only by adding to it.',
  destructiveDescription: 'Can delete or overwrite data.',
  idempotentDescription: 'Running it twice with the same input has no extra effect.',
  openWorldDescription: 'Talks to systems outside this app, such as the web.',
  closedWorldDescription: 'Works only with local or closed data.',
  backgroundDescription: 'Runs as a background task; you can follow and cancel it.',
  assumedDescription: 'The server did not say, so the cautious answer is assumed.',
  claimDescription: 'This server is not trusted: these are its own claims, not verified.',
  unnamedTool: 'Unnamed tool',
  /** A tool name another server also offers (shadowing): the badge, and its explanation. */
  shadowed: 'Same name on {servers, list, and}',
  shadowedDescription: 'Another server offers a tool with this name (or one that looks the same). Check which server runs it; it is never remembered.',
} as const;

/** The words of content blocks, results and freshness: what they fall back to with no provider. */
export const contentLabels = {
  // Content.
  moreBlocks: '{count, plural, one {# more block, lower priority} other {# more blocks, lower priority}}',
  noContent: 'No content to show',
  contentForAssistant: 'This result was for the assistant only.',
  assistantOnly: 'Assistant only',
  imageUnavailable: 'Image not shown (unsupported or invalid data)',
  audioUnavailable: 'Audio not shown (unsupported or invalid data)',
  image: 'Image from the tool',
  audio: 'Audio from the tool',
  unknownBlock: 'Content of a type this app cannot show ({type})',
  invalidBlock: 'Content that could not be shown',
  invalidResult: 'The tool returned a result that could not be shown',
  download: 'Download',
  copy: 'Copy text',
  copied: 'Copied',
  longText: 'Long text',
  content: 'Tool output',
  downloadUnavailable: 'Download unavailable (invalid data)',
  bytes: '{size}',
  resource: 'Resource',
  toolError: 'The tool reported an error',
  structuredContent: 'Structured content',
  stale: 'stale',
  lastModified: 'Last modified',
} as const;

/** The words of tool confirmations and tool call cards (their own; see `toolCallLabels` for all they read). */
/** What a preview of arguments or structured output left out (a code and its count from core). */
export const previewLabels = {
  'preview.characters-cut': '{count, plural, one {# character} other {# characters}}',
  /** Entries of an object or array folded whole (the brackets say which). */
  'preview.folded': '{count} folded',
  /** Entries past the preview's size, after the ones shown. */
  'preview.hidden': '{count} more not shown',
} as const;

export const toolLabels = {
  // Confirmation.
  confirmTitle: 'Allow {tool}?',
  confirmDescription: '{server} wants to run this tool.',
  confirmDescriptionApp: 'An app from {server} wants to run this tool.',
  approve: 'Allow',
  approveDestructive: 'Allow destructive action',
  deny: 'Deny',
  remember: 'Remember for this conversation',
  arguments: 'Arguments',
  reasons: 'Why you are asked',
  toolName: 'Tool',
  server: 'Server',
  askingApp: 'Asked by the app',
  /** Elicitation: stop the task (or call) that asked, from its prompt. */
  stopTask: 'Stop task',
  stopCall: 'Stop call',
  /** Elicitation and sampling: the tool call a request was asked during. */
  askedDuring: 'Asked during',
  trusted: 'trusted',
  untrusted: 'not trusted',
  showMore: 'Show all',
  // Tool call card.
  awaitingApproval: 'Waiting for approval',
  running: 'Running',
  success: 'Done',
  error: 'Failed',
  blocked: 'Blocked',
  denied: 'Denied',
  cancelled: 'Cancelled',
  cancel: 'Cancel',
  retry: 'Retry',
  retryBlocked: 'Retry blocked: {reason}',
  retryDenied: 'Retry denied.',
  annotationsChanged: 'This tool changed since you approved it.',
  progress: 'Progress',
  approvalNeeded: 'Needs your approval',
  inputRequired: 'Needs your input',
} as const;

/** The words about a link a server or an app wants opened (elicitation in URL mode, an MCP App's link). */
export const urlLabels = {
  urlConsent: 'Open this address in a new tab? Check the part in bold: it is the site you will be on.',
  urlRefused: 'This address is not secure (not https), so it will not be opened.',
  urlNotHttps: 'The address is not secure (not https).',
  urlPunycode: 'The site name is written in an encoded form (xn--) that can imitate another site.',
  urlMixedScript: 'The site name mixes letters from different alphabets, which can imitate another site.',
  urlCredentials: 'The address carries a user name or password.',
  urlIpAddress: 'The address is a bare IP number, not a site name.',
} as const;

/** Which word says each URL warning. */
export const urlWarningKeys = {
  'not-https': 'urlNotHttps',
  punycode: 'urlPunycode',
  'mixed-script': 'urlMixedScript',
  credentials: 'urlCredentials',
  'ip-address': 'urlIpAddress',
} as const satisfies Record<string, keyof typeof urlLabels>;

const requestLabelsOwn = {
  // Elicitation.
  elicitationTitle: '{server} asks for information',
  elicitationUrlTitle: '{server} asks you to open a link',
  chooseOne: 'Choose…',
  required: 'required',
  looksSensitive: 'looks like a {term}',
  notSent: 'not sent',
  yes: 'Yes',
  no: 'No',
  elicitationInvalid: 'This request cannot be shown safely, so it can only be declined.',
  reviewTitle: 'Exactly this will be sent to {server}',
  showValues: 'Show values',
  confirmSensitive: 'I understand that this sends what looks like a secret to {server}.',
  decline: 'Decline',
  review: 'Review',
  back: 'Back',
  send: 'Send',
  openLink: 'Open link',
  // Sampling.
  samplingTitle: '{server} wants to use your model',
  samplingResultTitle: 'Send the model’s answer to {server}?',
  systemPrompt: 'System prompt',
  messages: 'Messages',
  none: 'None',
  roleUser: 'User',
  roleAssistant: 'Assistant',
  editMessage: 'Message {number}',
  /** A message with several text blocks: each box is named apart. */
  editMessagePart: 'Message {number}, part {part}',
  maxTokens: 'Max tokens',
  temperature: 'Temperature',
  modelHints: 'Preferred models',
  modelPreferences: 'Priorities',
  intelligencePriority: 'intelligence',
  speedPriority: 'speed',
  costPriority: 'cost',
  includeContext: 'Include context',
  /** The protocol's `includeContext` values, as a person reads them. */
  'includeContext.thisServer': 'from this server',
  'includeContext.allServers': 'from every connected server',
  'includeContext.other': 'unknown',
  stopSequences: 'Stop sequences',
  requestedTools: 'Tools the model may use',
  edit: 'Edit',
  sendToModel: 'Send to model',
  sendToServer: 'Send to server',
  generating: 'The model is answering…',
  modelAnswer: 'The model’s answer',
  model: 'Model',
} as const;
// Spread with a pure call, so a bundle that needs none of these words drops them all.
const requestLabels: typeof urlLabels & typeof requestLabelsOwn = /* @__PURE__ */ Object.assign({}, urlLabels, requestLabelsOwn);

// The words of the tool family's reasons: a tool decision's and the flow's.
const toolFamilyReasons = toolDecisionMessages;
// Every built-in kind's reasons (and the AI SDK adapter's), as the whole table holds them.
const reasonMessages: typeof toolFamilyReasons & typeof elicitationReasonMessages & typeof samplingReasonMessages & typeof gateReasonMessages = /* @__PURE__ */ Object.assign(
  {},
  toolFamilyReasons,
  elicitationReasonMessages,
  samplingReasonMessages,
  gateReasonMessages,
);

// One pure call: a bundle that reads only one family's words drops the rest.
const uiLabels: typeof badgeLabels & typeof contentLabels & typeof toolLabels & typeof previewLabels & typeof requestLabels = /* @__PURE__ */ Object.assign({}, badgeLabels, contentLabels, toolLabels, previewLabels, requestLabels);

/**
 * The message table: every word a person reads, in English, by key. Hosts
 * translate by passing a table of their own (whole, e.g.
 * `react-mcp-annotations/locales/de`, or a few keys) to `LabelsProvider`
 * or `ConsentProvider`. Templates use `{name}`, `{name, list, or}` and
 * `{name, plural, one {…} other {…}}` (see `formatMessage`).
 */
// One call marked pure: a bundle that never reads the table (e.g. `Freshness` alone) drops it.
export const defaultLabels: typeof uiLabels & typeof reasonMessages & typeof statusMessages & typeof problemMessages & typeof fieldErrorMessages & typeof sensitiveMessages = /* @__PURE__ */ Object.assign(
  {},
  uiLabels,
  reasonMessages,
  statusMessages,
  problemMessages,
  fieldErrorMessages,
  sensitiveMessages,
);

/**
 * Default strings of `Freshness`, on their own so a page with only freshness
 * labels does not carry every other string (the P5 sizes). Equal to
 * `defaultLabels.stale` (tested).
 */
export const freshnessLabels = { stale: 'stale' } as const;

/** Every built-in string, by key: a translation that leaves one out fails to compile. */
export type Labels = { [K in keyof typeof defaultLabels]: string };

/**
 * Everything a tool confirmation or a tool call card reads: its words, the
 * badges', the reasons and the statuses (not the elicitation and sampling
 * words, problems or field errors).
 */
export const toolCallLabels: typeof badgeLabels & typeof toolLabels & typeof previewLabels & typeof toolFamilyReasons & typeof statusMessages = /* @__PURE__ */ Object.assign({}, badgeLabels, toolLabels, previewLabels, toolFamilyReasons, statusMessages);
/** The tool family's words, with any other key a host's table gives. */
export type ToolCallLabels = { [K in keyof typeof toolCallLabels]: string } & Partial<Labels>;
/** The badge family's words, with any other key a host's table gives. */
export type BadgeLabels = { [K in keyof typeof badgeLabels]: string } & Partial<Labels>;
/** The content family's words, with any other key a host's table gives. */
export type ContentLabels = { [K in keyof typeof contentLabels]: string } & Partial<Labels>;

/** Fills a template's placeholders in a locale (plurals, lists): `formatMessage` itself, under the name the components use. */
export { formatMessage as formatLabel };
