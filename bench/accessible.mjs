// Issue 35's baseline for P1 and P7: the minimal accessible rendering of the same information,
// hand-written React with cached Intl formatters and no class or data attribute: the text; a
// <time dateTime> with the relative label and the absolute time for assistive technology without
// hover (visually hidden text); a resource's name, URI, type and size; images and audio.
import { createElement as h } from 'react';
import { BENCH_NOW } from './data.mjs';

const relativeFormat = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const absoluteFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' });
const sizeFormat = new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 1 });
const UNITS = [
  ['second', 1000, 60_000],
  ['minute', 60_000, 3_600_000],
  ['hour', 3_600_000, 86_400_000],
  ['day', 86_400_000, 604_800_000],
  ['week', 604_800_000, 2_592_000_000],
  ['month', 2_592_000_000, 31_536_000_000],
  ['year', 31_536_000_000, Infinity],
];
const relative = (ageMs) => {
  const [unit, size] = UNITS.find(([, , below]) => Math.abs(ageMs) < below);
  return relativeFormat.format(-Math.floor(ageMs / size), unit);
};
const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' };
function Dated({ iso }) {
  const date = new Date(iso);
  return h('time', { dateTime: iso }, relative(BENCH_NOW - date.getTime()), h('span', { style: hidden }, ` (${absoluteFormat.format(date)})`));
}
function AccessibleBlock({ block }) {
  const dated = block.annotations?.lastModified ? h(Dated, { iso: block.annotations.lastModified }) : null;
  switch (block.type) {
    case 'text':
      return h('div', null, block.text, dated);
    case 'image':
      return h('div', null, h('img', { src: `data:${block.mimeType};base64,${block.data}`, alt: 'Image from the tool' }), dated);
    case 'audio':
      return h('div', null, h('audio', { src: `data:${block.mimeType};base64,${block.data}`, controls: true, 'aria-label': 'Audio from the tool' }), dated);
    case 'resource_link':
      return h('div', null, h('a', { href: block.uri }, block.name), ` ${block.uri} ${block.mimeType} ${sizeFormat.format(block.size / 1000)}`, dated);
    default:
      return h('div', null, h('pre', null, block.resource.text), ` ${block.resource.uri} ${block.resource.mimeType}`, dated);
  }
}
export function AccessibleList({ blocks }) {
  return h('div', null, blocks.map((block, i) => h(AccessibleBlock, { key: i, block })));
}

