import { compileRobots, isAllowed, parseRobotsTxt } from '../../../lib/robots/index';
import { extractMatchPath } from '../../../lib/robots/match';
import { createShopRobots, createShopUrls } from '../support/shop';
const shop = createShopRobots(7);
const urls = createShopUrls(8, 5000);
const paths = urls.map(extractMatchPath);
const c = compileRobots(parseRobotsTxt(shop.body));
isAllowed(c, urls[0]!, 'Googlebot'); isAllowed(c, urls[1]!, 'Googlebot');
const rs = (c as any).planFor('Googlebot').ruleSet;
const { starts, fragments } = rs.index.fragments;
let scanned = 0, nonEmpty = 0;
for (const p of paths) for (let i = 0; i + 1 < p.length; i++) { const k = (p.charCodeAt(i) << 7) | p.charCodeAt(i + 1); const n = starts[k + 1] - starts[k]; scanned += n; if (n) nonEmpty++; }
console.log('fragments', fragments.length, 'avg scanned per path', scanned / paths.length, 'nonempty slots hit', nonEmpty / paths.length);
const hist = new Map<number, number>(); for (let k = 0; k < 16384; k++) { const n = starts[k + 1] - starts[k]; if (n) hist.set(n, (hist.get(n) ?? 0) + 1); }
console.log([...hist].sort((a, b) => b[0] - a[0]).slice(0, 10));
console.log(paths.slice(0, 5));
