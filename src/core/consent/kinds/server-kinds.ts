/** The server-request kinds (elicitation, sampling) as the engine plugs them in. */
import type { ConsentKinds } from '../engine.js';
import { runConsentFlow } from '../flow.js';
import { elicitationKind, readElicitationRequest } from './elicitation.js';
import { readSamplingRequest, samplingKind } from './sampling.js';

export const serverKinds: Required<Pick<ConsentKinds, 'elicitation' | 'sampling'>> = {
  elicitation: (context, env) => {
    const kind = elicitationKind(context);
    return (raw) => {
      const request = readElicitationRequest(context, raw);
      return runConsentFlow(env, kind, request, { serverId: request.serverId, signal: request.signal, blocking: request.blocking });
    };
  },
  sampling: (context, env) => {
    const kind = samplingKind(context);
    return (raw) => {
      const request = readSamplingRequest(raw);
      return runConsentFlow(env, kind, request, { serverId: request.serverId, signal: request.signal, blocking: request.blocking });
    };
  },
};
