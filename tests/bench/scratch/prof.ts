import { compileRobots, evaluate, parseRobotsTxt } from '../../../lib/robots/index';
import { createShopRobots, createShopUrls } from '../support/shop';
const shop = createShopRobots(7);
const urls = createShopUrls(8, 5000);
const c = compileRobots(parseRobotsTxt(shop.body));
for (const ua of ['Googlebot', 'SomeBot']) {
  for (const u of urls) evaluate(c, u, ua);
  const plan = (c as any).planFor(ua);
  const rs = plan.ruleSet;
  let total = 0, trie = 0;
  for (const u of urls) { const path = new URL(u).pathname + new URL(u).search; const cand = rs.collect(rs.index, path, 1e9 + Math.random()); total += cand.length; cand.length = 0; }
  console.log(ua, 'avg candidates', (total / urls.length).toFixed(1), 'rules', rs.rules.length);
  const idx = rs.index; let sizes = [...idx.fragments.byKey.values()].map((l: any[]) => l.length).sort((a,b)=>b-a); console.log('fragment keys', idx.fragments.byKey.size, 'top', sizes.slice(0,10));
}
