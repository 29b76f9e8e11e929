export { Freshness, type FreshnessProps } from './freshness.js';
