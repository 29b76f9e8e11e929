// Node 20 hands loaders module source as bytes and source-map URLs stay relative;
// React's RSC loader expects strings and absolute URLs.
import * as rsc from 'react-server-dom-webpack/node-loader';
export const resolve = rsc.resolve;
export function load(url, context, nextLoad) {
  return rsc.load(url, context, async (target, targetContext) => {
    const result = await nextLoad(new URL(target, url).href, targetContext);
    if (result.source && typeof result.source !== 'string') result.source = Buffer.from(result.source).toString('utf8');
    return result;
  });
}
