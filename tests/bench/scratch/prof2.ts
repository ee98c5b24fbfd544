import { compileRobots, isAllowed, parseRobotsTxt } from '../../../lib/robots/index';
import { extractMatchPath } from '../../../lib/robots/match';
import { createShopRobots, createShopUrls } from '../support/shop';
const shop = createShopRobots(7);
const urls = createShopUrls(8, 5000);
const paths = urls.map(extractMatchPath);
const c = compileRobots(parseRobotsTxt(shop.body));
const rs = (c as any).planFor('Googlebot').ruleSet;
isAllowed(c, urls[0]!, 'Googlebot'); isAllowed(c, urls[1]!, 'Googlebot');

let sink = 0;
function bench(name: string, fn: () => void) { for (let k = 0; k < 5; k++) fn(); const t0 = performance.now(); for (let k = 0; k < 20; k++) fn(); console.log(name, ((performance.now() - t0) / 20 / urls.length * 1000).toFixed(2), 'µs'); }
bench('extractMatchPath', () => { for (const u of urls) sink += extractMatchPath(u).length; });
bench('collect', () => { let s = 5e8; for (const p of paths) { const cnd = rs.collect(rs.index, p, ++s); sink += cnd.length; cnd.length = 0; } });
bench('ruleSet.isAllowed', () => { for (const p of paths) sink += rs.isAllowed(p) ? 1 : 0; });
bench('ruleSet.findHits', () => { for (const p of paths) sink += rs.findHits(p).length; });
bench('isAllowed', () => { for (const u of urls) sink += isAllowed(c, u, 'Googlebot') ? 1 : 0; });
console.log(sink > 0);
const trieOnly = { trie: rs.index.trie, fragments: null };
bench('collect trie only', () => { let s = 9e8; for (const p of paths) { const cnd = rs.collect(trieOnly, p, ++s); sink += cnd.length; cnd.length = 0; } });
bench('collect again', () => { let s = 5e8; for (const p of paths) { const cnd = rs.collect(rs.index, p, ++s); sink += cnd.length; cnd.length = 0; } });
console.log('avg path len', paths.reduce((a, p) => a + p.length, 0) / paths.length);
