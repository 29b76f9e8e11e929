import { domPerBlock } from '../bench/ssr-bench.mjs';
console.log(JSON.stringify(domPerBlock(), null, 0));
