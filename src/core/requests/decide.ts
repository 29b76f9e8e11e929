/** One entry for both server-request policies (each kind keeps its own rule beside it). */
import { decideElicitation } from '../consent/kinds/elicitation.js';
import { decideSampling } from '../consent/kinds/sampling.js';
import type { ServerRequestDecision, ServerRequestInput } from './server-requests.js';

/** Decides a server request: run, confirm (ask a person) or block. Elicitation is never run unasked. Never throws. */
export function decideServerRequest(input: ServerRequestInput): ServerRequestDecision {
  return input?.kind === 'elicitation' ? decideElicitation(input) : decideSampling(input ?? { kind: 'sampling' });
}
