// `node --conditions=react-server --import ./register-rsc.mjs …`: React's own RSC
// loader turns every "use client" module into a client reference, as an RSC bundler does.
import { register } from 'node:module';
register('./rsc-hooks.mjs', import.meta.url);
