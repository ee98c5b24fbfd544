import robotsParser from 'robots-parser';
import { compileRobots, evaluate, parseRobotsTxt } from '../../../lib/robots/index';
import { createShopRobots } from '../support/shop';
import { readFileSync } from 'node:fs';
const shop = createShopRobots(7);
function t(name: string, fn: () => void, n = 10) { fn(); fn(); const s: number[] = []; for (let i = 0; i < n; i++) { const t0 = performance.now(); fn(); s.push(performance.now() - t0); } s.sort((a, b) => a - b); const m = s[n >> 1]!; console.log(name, m.toFixed(3)); return m; }
for (let r = 0; r < 2; r++) {
const a = t('ours parse', () => parseRobotsTxt(shop.body));
const b = t('theirs parse', () => robotsParser('https://shop.example/robots.txt', shop.body));
console.log('ratio', (b / a).toFixed(2));
const typ = readFileSync('/work/shared/corpus/amazon.com.txt', 'utf8');
const url = 'https://www.amazon.com/gp/product/B00TEST/ref=sr_1_1?ie=UTF8&qid=1';
const c = t('ours typical x200', () => { for (let i = 0; i < 200; i++) evaluate(compileRobots(parseRobotsTxt(typ)), url, 'Googlebot'); });
const d = t('theirs typical x200', () => { for (let i = 0; i < 200; i++) robotsParser('https://www.amazon.com/robots.txt', typ).isAllowed(url, 'Googlebot'); });
console.log('ratio', (d / c).toFixed(2));
}
const gc = (globalThis as any).gc;
gc(); gc(); const before = process.memoryUsage().heapUsed; const kept: unknown[] = [];
for (let i = 0; i < 6; i++) kept.push(parseRobotsTxt(`# copy ${i}\n` + shop.body));
gc(); gc(); console.log('MB per parse', ((process.memoryUsage().heapUsed - before) / 6 / 1048576).toFixed(2), kept.length);
