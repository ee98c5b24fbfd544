import robotsParser from 'robots-parser';
import { readFileSync } from 'node:fs';
import { compileRobots, evaluate, parseRobotsTxt } from '../../../lib/robots/index';
const typ = readFileSync('/work/shared/corpus/amazon.com.txt', 'utf8');
const url = 'https://www.amazon.com/gp/product/B00TEST/ref=sr_1_1?ie=UTF8&qid=1';
let sink = 0;
function t(name: string, fn: () => void) { for (let i = 0; i < 2000; i++) fn(); const t0 = performance.now(); for (let i = 0; i < 20000; i++) fn(); const us = (performance.now() - t0) / 20000 * 1000; console.log(name, us.toFixed(2), 'µs'); return us; }
for (let r = 0; r < 3; r++) {
const a = t('parse', () => { sink += parseRobotsTxt(typ).lineCount; });
const b = t('parse+compile+eval', () => { sink += evaluate(compileRobots(parseRobotsTxt(typ)), url, 'Googlebot').allowed ? 1 : 0; });
const c = t('theirs', () => { sink += robotsParser('https://www.amazon.com/robots.txt', typ).isAllowed(url, 'Googlebot') ? 1 : 0; });
console.log('ratio', (c / b).toFixed(2), 'parse share', (a / b).toFixed(2));
}
