/**
 * Demo pages for hostile input (issue: hostile pages): a page whose URL is 6,000 characters, 150
 * `index` metas then a `noindex`, a head that changes every 20 ms, images from 1,000 hosts
 * (`imgN.localhost` on this origin's port: Chromium resolves *.localhost to loopback), and links
 * the page clones while they are marked.
 */
import type { ServerResponse } from 'node:http';
import { escapeHtml, sendPage, type SiteSpec } from './spec';

/** Hosts the images page loads from. */
export const HOSTILE_IMAGE_HOSTS = 1000;

function page(res: ServerResponse, title: string, body: string, head = '') {
  sendPage(res, title, `<h1>${escapeHtml(title)}</h1>${body}`, { head });
}

export const HOSTILE_SITES = {
  'hostile-pages': {
    title: 'Hostile pages: long URLs, many metas, a busy head, 1,000 image hosts, cloned links',
    summary: 'Pages that push the page inspector and Page resources past their bounds.',
    pages: [
      {
        path: `/long?q=${'a'.repeat(40)}`,
        note: 'any /long?… address: a page with a noindex (open it with a 6,000-character query)',
      },
      { path: '/many-metas', note: '150 robots metas saying index, then one saying noindex' },
      { path: '/busy-head', note: 'a noindex added after load while another head tag changes every 20 ms' },
      { path: '/images', note: `images from ${HOSTILE_IMAGE_HOSTS} hosts` },
      {
        path: '/clone',
        note: 'links under /blocked/, a button that clones them, one that clones them aside to insert later',
      },
    ],
    robots: () => ({ kind: 'text', body: 'User-agent: *\nDisallow: /blocked/\n' }),
    route(req, res, ctx) {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/long') {
        page(res, 'A long address', '<p>This page says noindex.</p>', '<meta name="robots" content="noindex">');
        return true;
      }
      if (path === '/many-metas') {
        const head = '<meta name="robots" content="index">'.repeat(150) + '<meta name="robots" content="noindex">';
        page(res, '151 robots metas', '<p>The last one says noindex.</p>', head);
        return true;
      }
      if (path === '/busy-head') {
        const script =
          "<script>addEventListener('load', () => { let n = 0; const d = document.querySelector('meta[name=description]');" +
          " setInterval(() => d.setAttribute('content', 'tick ' + n++), 20);" +
          " setTimeout(() => { const m = document.createElement('meta'); m.name = 'robots'; m.content = 'noindex'; document.head.append(m); document.body.dataset.noindex = 'yes'; }, 500); });</script>";
        page(
          res,
          'A busy head',
          '<p>Another head tag changes every 20 ms.</p>',
          `<meta name="description" content="tick">${script}`,
        );
        return true;
      }
      if (path === '/images') {
        const port = new URL(ctx.origin).port;
        const imgs = Array.from(
          { length: HOSTILE_IMAGE_HOSTS },
          (_, i) => `<img src="http://img${i}.localhost:${port}/pixel.gif" width="1" height="1" alt="">`,
        ).join('');
        page(res, `Images from ${HOSTILE_IMAGE_HOSTS} hosts`, imgs);
        return true;
      }
      if (path === '/pixel.gif') {
        res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
        res.end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
        return true;
      }
      if (path === '/clone') {
        const body =
          '<ul id="list"><li><a href="/blocked/one">one</a></li><li><a href="/open/two" rel="nofollow">two</a></li></ul>' +
          '<button id="clone" onclick="for (const a of [...document.querySelectorAll(\'#list a\')]) document.getElementById(\'list\').append(a.cloneNode(true))">Clone the links</button>' +
          '<button id="keep" onclick="window.kept = [...document.querySelectorAll(\'#list a\')].map((a) => a.cloneNode(true))">Clone the links and keep them aside</button>' +
          '<button id="insert" onclick="document.getElementById(\'list\').append(...(window.kept ?? []))">Insert the kept clones</button>';
        page(res, 'Links the page clones', body);
        return true;
      }
      return false;
    },
  },
} satisfies Record<string, SiteSpec>;
