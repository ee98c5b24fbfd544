/**
 * Files that other robots.txt parsers read differently from Google (docs/semantics/lens.md §8):
 * each splits the lenses on one cause, for the popup's "Other crawler stacks" and its divergent lines.
 */
import type { SiteSpec } from './spec';

const text = (body: string) => () => ({ kind: 'text' as const, body });

export const LENS_SITES = {
  'lens-first-match': {
    title: 'A carve-out after a blanket Disallow',
    summary:
      '`Disallow: /` then `Allow: /public/`: Google takes the longer rule, Python before 3.13.14 and 3.14.5 the first that matches, so /public/ is blocked for it.',
    pages: [{ path: '/public/page.html', note: 'allowed by Google; blocked for Python before 3.13.14 and 3.14.5' }],
    robots: text('User-agent: *\nDisallow: /\nAllow: /public/\n'),
  },
  'lens-blank-line': {
    title: 'A blank line between stacked user-agents',
    summary:
      'A blank line after `User-agent: Googlebot`: Google ignores it, Python before 3.13.14 and 3.14.5 drops the Googlebot line, so Googlebot escapes the rules below.',
    pages: [{ path: '/private/page.html', note: 'blocked by Google; allowed for Python before 3.13.14 and 3.14.5' }],
    robots: text('User-agent: Googlebot\n\nUser-agent: bingbot\nDisallow: /private/\n'),
  },
  'lens-bot': {
    title: 'User-agent: bot',
    summary:
      '`User-agent: bot` names no crawler for Google, but both Python parsers and Scrapy find `bot` inside `Googlebot` and apply its group.',
    pages: [{ path: '/page.html', note: 'allowed by Google; blocked for the Python stacks and Scrapy' }],
    robots: text('User-agent: bot\nDisallow: /\n'),
  },
  'lens-cloudflare': {
    title: 'A Cloudflare block prepended to the file',
    summary:
      'Cloudflare adds its own `User-agent: *` group on top: Google merges it with the site’s, Python before 3.13.14 and 3.14.5 reads only the first, so /admin/ is open to it.',
    pages: [{ path: '/admin/page.html', note: 'blocked by Google; allowed for Python before 3.13.14 and 3.14.5' }],
    robots: text(
      '# BEGIN Cloudflare Managed content\n' +
        'User-agent: *\n' +
        'Content-Signal: search=yes,ai-train=no\n' +
        'Allow: /\n' +
        '# END Cloudflare Managed Content\n' +
        '\n' +
        'User-agent: *\n' +
        'Disallow: /admin/\n',
    ),
  },
  'lens-bom': {
    title: 'A byte-order mark before the first line',
    summary:
      'The file starts with a UTF-8 byte-order mark: Google skips it, both Python parsers and the strict RFC reader keep it in the first key, so the `*` group has no name for them.',
    pages: [{ path: '/page.html', note: 'blocked by Google; allowed for the Python stacks' }],
    robots: () => ({
      kind: 'text' as const,
      body: Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('User-agent: *\nDisallow: /\nAllow: /a%2Fb/\n'),
      ]),
    }),
  },
} satisfies Record<string, SiteSpec>;
