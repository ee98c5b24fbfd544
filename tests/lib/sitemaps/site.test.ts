import { describe, expect, it } from 'vitest';
import { decideSitemapFollow, describeOffSiteReason, isPrivateUrl } from '../../../lib/sitemaps';

const PUBLIC = 'https://example.com';
const LOOPBACK = 'http://127.0.0.1:4780';

describe('isPrivateUrl', () => {
  const cases = [
    { url: 'http://localhost/', private: true, source: 'RFC 6761 §6.3: localhost' },
    { url: 'http://LOCALHOST./', private: true, source: 'RFC 6761 §6.3: a trailing dot is the same name' },
    { url: 'http://app.localhost:3000/', private: true, source: 'RFC 6761 §6.3: *.localhost' },
    { url: 'http://localhost.example.com/', private: false, source: 'RFC 6761: only the .localhost suffix' },
    { url: 'http://127.0.0.1/', private: true, source: 'RFC 1122 §3.2.1.3: 127/8 loopback' },
    { url: 'http://127.255.0.9/', private: true, source: 'RFC 1122 §3.2.1.3: 127/8 loopback' },
    { url: 'http://2130706433/', private: true, source: 'WHATWG URL: a decimal IPv4 is 127.0.0.1' },
    { url: 'http://0x7f.1/', private: true, source: 'WHATWG URL: a hex IPv4 is 127.0.0.1' },
    { url: 'http://0.0.0.0/', private: true, source: 'RFC 1122: 0.0.0.0 reaches this host' },
    { url: 'http://10.0.0.1/', private: true, source: 'RFC 1918: 10/8' },
    { url: 'http://172.16.0.1/', private: true, source: 'RFC 1918: 172.16/12' },
    { url: 'http://172.31.255.255/', private: true, source: 'RFC 1918: 172.16/12' },
    { url: 'http://172.32.0.1/', private: false, source: 'RFC 1918: 172.32 is outside 172.16/12' },
    { url: 'http://192.168.1.1/', private: true, source: 'RFC 1918: 192.168/16' },
    { url: 'http://169.254.169.254/', private: true, source: 'RFC 3927: 169.254/16 link-local' },
    { url: 'http://8.8.8.8/', private: false, source: 'a public address' },
    { url: 'http://[::1]/', private: true, source: 'RFC 4291 §2.5.3: ::1 loopback' },
    { url: 'http://[::]/', private: true, source: 'RFC 4291 §2.5.2: the unspecified address' },
    { url: 'http://[fd12:3456::1]/', private: true, source: 'RFC 4193: fc00::/7' },
    { url: 'http://[fc00::1]/', private: true, source: 'RFC 4193: fc00::/7' },
    { url: 'http://[fe80::1]/', private: true, source: 'RFC 4291 §2.5.6: fe80::/10' },
    { url: 'http://[febf::1]/', private: true, source: 'RFC 4291 §2.5.6: fe80::/10' },
    { url: 'http://[fec0::1]/', private: false, source: 'RFC 4291: fec0 is outside fe80::/10' },
    { url: 'http://[::ffff:127.0.0.1]/', private: true, source: 'RFC 4291 §2.5.5.2: IPv4-mapped loopback' },
    { url: 'http://[::ffff:8.8.8.8]/', private: false, source: 'RFC 4291 §2.5.5.2: IPv4-mapped public' },
    { url: 'http://[2001:db8::1]/', private: false, source: 'a global IPv6 address' },
    { url: 'http://example.com@127.0.0.1/', private: true, source: 'WHATWG URL: the host is after the userinfo' },
    { url: 'http://127.0.0.1.example.com/', private: false, source: 'a name, not an address: compared parsed' },
  ];
  it.each(cases)('$url is private: $private ($source)', ({ url, private: expected }) => {
    expect(isPrivateUrl(url)).toBe(expected);
  });
});

describe('decideSitemapFollow', () => {
  const cases = [
    { name: 'follows the same origin', site: PUBLIC, url: 'https://example.com/s.xml', kind: 'follow' },
    {
      name: 'follows the default port written out',
      site: PUBLIC,
      url: 'https://EXAMPLE.com:443/s.xml',
      kind: 'follow',
    },
    {
      name: 'follows a same-origin path, whatever it is (the protocol restricts the host only)',
      site: PUBLIC,
      url: 'https://example.com/admin/delete?confirm=1',
      kind: 'follow',
    },
    {
      name: 'asks for another scheme',
      site: PUBLIC,
      url: 'http://example.com/s.xml',
      kind: 'ask',
      reason: 'other-scheme',
    },
    {
      name: 'asks for another port',
      site: PUBLIC,
      url: 'https://example.com:8443/s.xml',
      kind: 'ask',
      reason: 'other-port',
    },
    {
      name: 'asks for a subdomain',
      site: PUBLIC,
      url: 'https://cdn.example.com/s.xml',
      kind: 'ask',
      reason: 'other-host',
    },
    {
      name: 'asks for a host that merely starts with the site',
      site: PUBLIC,
      url: 'https://example.com.evil.test/s.xml',
      kind: 'ask',
      reason: 'other-host',
    },
    {
      name: 'refuses localhost for a public site',
      site: PUBLIC,
      url: 'http://localhost/s.xml',
      kind: 'refuse',
      reason: 'private-address',
    },
    {
      name: 'refuses 10.0.0.1 for a public site',
      site: PUBLIC,
      url: 'http://10.0.0.1/s.xml',
      kind: 'refuse',
      reason: 'private-address',
    },
    {
      name: 'refuses ::1 for a public site',
      site: PUBLIC,
      url: 'http://[::1]:8080/s.xml',
      kind: 'refuse',
      reason: 'private-address',
    },
    {
      name: 'refuses what is not http(s)',
      site: PUBLIC,
      url: 'ftp://example.com/s.xml',
      kind: 'refuse',
      reason: 'not-http',
    },
    {
      name: 'refuses what does not parse',
      site: PUBLIC,
      url: 'https://exa mple.com/',
      kind: 'refuse',
      reason: 'not-http',
    },
    {
      name: 'follows an origin the person approved',
      site: PUBLIC,
      url: 'https://cdn.example.com/s.xml',
      approved: ['https://cdn.example.com'],
      kind: 'follow',
    },
    {
      name: 'refuses a private origin even when approved, for a public site',
      site: PUBLIC,
      url: 'http://127.0.0.1/s.xml',
      approved: ['http://127.0.0.1'],
      kind: 'refuse',
      reason: 'private-address',
    },
    {
      name: 'follows the same origin of a loopback site',
      site: LOOPBACK,
      url: 'http://127.0.0.1:4780/s.xml',
      kind: 'follow',
    },
    {
      name: 'asks for another port of a loopback site (another origin)',
      site: LOOPBACK,
      url: 'http://127.0.0.1:4781/s.xml',
      kind: 'ask',
      reason: 'other-port',
    },
    {
      name: 'asks for localhost when the site is loopback',
      site: LOOPBACK,
      url: 'http://localhost:4780/s.xml',
      kind: 'ask',
      reason: 'other-host',
    },
    {
      name: 'follows another port of a loopback site once approved',
      site: LOOPBACK,
      url: 'http://127.0.0.1:4781/s.xml',
      approved: ['http://127.0.0.1:4781'],
      kind: 'follow',
    },
  ];
  it.each(cases)('$name', ({ site, url, approved, kind, reason }) => {
    const decision = decideSitemapFollow(url, site, approved);
    expect(decision.kind).toBe(kind);
    if (decision.kind !== 'follow') {
      expect(decision.reason).toBe(reason);
      expect(describeOffSiteReason(decision.reason)).toMatch(/\w/);
    }
  });
});
