import { describe, expect, it } from 'vitest';
import { httpOriginOf, originOfTyped, withoutFragment } from '../../../lib/shared/url';

describe('originOfTyped: what a person typed in the workbench or the watched-sites field', () => {
  it.each([
    { text: 'example.com', origin: 'https://example.com' },
    { text: 'http://127.0.0.1:4780/x?y', origin: 'http://127.0.0.1:4780' },
    { text: ' http://127.0.0.1:4781/page?q=1 ', origin: 'http://127.0.0.1:4781' },
    { text: 'ftp://example.com', origin: null },
    { text: 'not a site at all', origin: null },
    { text: '', origin: null },
  ])('reads "$text" as $origin', ({ text, origin }) => {
    expect(originOfTyped(text)).toBe(origin);
  });
});

describe('httpOriginOf: the origin whose robots.txt governs a URL', () => {
  it.each([
    { url: 'https://Example.COM:443/a?b#c', origin: 'https://example.com' },
    { url: 'http://example.com:8080/', origin: 'http://example.com:8080' },
    { url: 'https://bücher.de/x', origin: 'https://xn--bcher-kva.de' },
    { url: 'http://[::1]:4780/', origin: 'http://[::1]:4780' },
    { url: 'chrome://history/', origin: null },
    { url: 'data:text/plain,x', origin: null },
    { url: 'https://', origin: null },
    { url: 'example.com', origin: null },
  ])('$url → $origin', ({ url, origin }) => {
    expect(httpOriginOf(url)).toBe(origin);
  });
});

describe('withoutFragment', () => {
  it.each([
    { url: 'https://a.test/p?q=1#top', out: 'https://a.test/p?q=1' },
    { url: 'https://a.test/p', out: 'https://a.test/p' },
    { url: 'https://a.test/#', out: 'https://a.test/' },
  ])('$url → $out', ({ url, out }) => {
    expect(withoutFragment(url)).toBe(out);
  });
});
