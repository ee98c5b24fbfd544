import robotsParser from 'robots-parser';
import { compileRobots, evaluate, isAllowed, parseRobotsTxt } from '/work/wt/engine/lib/robots/index';
import { createShopRobots, createShopUrls } from '/work/wt/engine/tests/bench/support/shop';
const shop = createShopRobots(7);
console.log(shop.body.length/1024, shop.ruleCount, shop.wildcardRules/shop.ruleCount, shop.unanchoredRules/shop.ruleCount, shop.googlebotRules, shop.globalRules);
const urls = createShopUrls(8, 5000);
const c = compileRobots(parseRobotsTxt(shop.body));
const theirs = robotsParser('https://shop.example/robots.txt', shop.body);
for (const ua of ['SomeBot', 'Googlebot', 'SomeBot', 'Googlebot']) {
  let dis = 0, mism = 0;
  for (const u of urls) { const a = evaluate(c, u, ua).allowed; if (!a) dis++; if (a !== theirs.isAllowed(u, ua)) mism++; if (isAllowed(c,u,ua)!==a) throw new Error('isAllowed mismatch '+u); }
  let t0 = performance.now(); for (let k=0;k<3;k++) for (const u of urls) evaluate(c, u, ua); const ours = (performance.now()-t0)/3/urls.length*1000;
  t0 = performance.now(); for (let k=0;k<3;k++) for (const u of urls) isAllowed(c, u, ua); const oursA = (performance.now()-t0)/3/urls.length*1000;
  t0 = performance.now(); for (const u of urls.slice(0,500)) theirs.isAllowed(u, ua); const th = (performance.now()-t0)/500*1000;
  console.log(ua, 'disallowed', dis, 'mismatch', mism, 'ours µs', ours.toFixed(2), 'isAllowed', oursA.toFixed(2), 'theirs µs', th.toFixed(1), 'ratio', (th/ours).toFixed(0), (th/oursA).toFixed(0));
}
