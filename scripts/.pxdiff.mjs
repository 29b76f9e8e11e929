import { PNG } from 'pngjs';
import { readFileSync, readdirSync } from 'node:fs';
const dir = '/tmp/shots';
for (const f of readdirSync(dir).filter((n) => n.endsWith('-a.png'))) {
  const a = PNG.sync.read(readFileSync(`${dir}/${f}`)), b = PNG.sync.read(readFileSync(`${dir}/${f.replace('-a.png', '-b.png')}`));
  let n = 0, minY = Infinity, maxY = -1;
  for (let i = 0; i < a.data.length; i += 4) if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) { n++; const y = Math.floor(i / 4 / a.width); minY = Math.min(minY, y); maxY = Math.max(maxY, y); }
  console.log(String(n).padStart(7), `y ${minY}-${maxY}`, f.replace('-a.png', ''));
}
