import { describe, expect, it } from 'vitest';
import {
  createLineParser,
  createLogRequest,
  detectLogFormat,
  type LogFormat,
  type LogRequest,
  percentDecodeOnce,
  unescapeLogField,
} from '../../../lib/logs/formats';

/** Reads `lines` in `format` (one parser, as one file) and returns what the last line gave. */
function readLast(format: LogFormat, ...lines: string[]): { reading: string; request: LogRequest } {
  const parse = createLineParser(format);
  const request = createLogRequest();
  let reading = '';
  for (const line of lines) reading = parse(line, request);
  return { reading, request };
}

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const COMBINED = `66.249.66.1 - - [05/Nov/2026:13:55:36 -0700] "GET /shop/item?id=4 HTTP/1.1" 200 2326 "-" "${GOOGLEBOT}"`;
const AT = Date.UTC(2026, 10, 5, 20, 55, 36);

describe('combined (Apache/Nginx)', () => {
  it('reads the address, the time with its offset, the request line, the status and the user agent', () => {
    const { reading, request } = readLast('combined', COMBINED);
    expect(reading).toBe('request');
    expect(request).toMatchObject({
      ip: '66.249.66.1',
      time: AT,
      method: 'GET',
      host: null,
      target: '/shop/item?id=4',
      status: 200,
      userAgent: GOOGLEBOT,
    });
  });

  it('takes fields Nginx setups add after the user agent', () => {
    expect(readLast('combined', `${COMBINED} "10.0.0.1" rt=0.012`).reading).toBe('request');
  });

  it('undoes the \\" \\\\ and \\xHH escapes in the user agent, never in the target', () => {
    const line = `1.2.3.4 - - [05/Nov/2026:13:55:36 +0000] "GET /a%20b\\x22 HTTP/1.1" 200 1 "-" "Bot \\"quoted\\" back\\\\slash \\x41"`;
    const { request } = readLast('combined', line);
    expect(request.userAgent).toBe('Bot "quoted" back\\slash A');
    expect(request.target).toBe('/a%20b\\x22');
    expect(unescapeLogField('no escapes')).toBe('no escapes');
  });

  it('splits an absolute-form target into its host and its path', () => {
    const line = `1.2.3.4 - - [05/Nov/2026:13:55:36 +0000] "GET http://user@Shop.Example:8080/p?q=1#frag HTTP/1.1" 200 1 "-" "x"`;
    const { request } = readLast('combined', line);
    expect(request.host).toBe('Shop.Example:8080');
    expect(request.target).toBe('/p?q=1');
    const bare = readLast('combined', line.replace('/p?q=1#frag', ''));
    expect(bare.request.target).toBe('/');
  });

  it.each([
    ['a dash request', '"-"'],
    ['a target with a space', '"GET /a b HTTP/1.1"'],
    ['an asterisk', '"OPTIONS * HTTP/1.1"'],
    ['a relative target', '"GET shop HTTP/1.1"'],
    ['another scheme', '"GET ftp://shop.example/ HTTP/1.1"'],
  ])('skips %s as bad-target', (_name, request) => {
    const line = `1.2.3.4 - - [05/Nov/2026:13:55:36 +0000] ${request} 400 0 "-" "x"`;
    expect(readLast('combined', line).reading).toBe('bad-target');
  });

  it('keeps a status that is not three digits, as none', () => {
    const line = `1.2.3.4 - - [05/Nov/2026:13:55:36 +0000] "GET / HTTP/1.1" - 0 "-" "x"`;
    expect(readLast('combined', line)).toMatchObject({ reading: 'request', request: { status: -1 } });
  });

  it.each([
    ['a bad month', '05/Foo/2026:13:55:36 +0000'],
    ['31 February', '31/Feb/2026:13:55:36 +0000'],
    ['hour 24', '05/Nov/2026:24:00:00 +0000'],
    ['no zone', '05/Nov/2026:13:55:36'],
    ['29 February of a common year', '29/Feb/2026:10:00:00 +0000'],
  ])('skips %s as bad-time, never rolled over', (_name, time) => {
    const line = `1.2.3.4 - - [${time}] "GET / HTTP/1.1" 200 1 "-" "x"`;
    expect(readLast('combined', line).reading).toBe('bad-time');
  });

  it('reads 29 February of a leap year', () => {
    const line = `1.2.3.4 - - [29/Feb/2028:10:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "x"`;
    expect(readLast('combined', line).request.time).toBe(Date.UTC(2028, 1, 29, 10));
  });

  it('reads each line’s own time when consecutive lines differ', () => {
    const parse = createLineParser('combined');
    const r = createLogRequest();
    parse(COMBINED, r);
    parse(COMBINED.replace('13:55:36', '13:55:37'), r);
    expect(r.time).toBe(AT + 1000);
    expect(parse(COMBINED.replace('13:55:36', '13:55:99'), r)).toBe('bad-time');
  });

  it('finds a line of spaces, a directive and a common line unparsed', () => {
    expect(readLast('combined', '   ').reading).toBe('unparsed');
    expect(readLast('combined', '#Fields: date time').reading).toBe('unparsed');
    expect(readLast('combined', COMBINED.replace(` "-" "${GOOGLEBOT}"`, '')).reading).toBe('unparsed');
  });
});

describe('vhost-combined and common', () => {
  it('reads the leading host and port', () => {
    const { reading, request } = readLast('vhost-combined', `shop.example:443 ${COMBINED}`);
    expect(reading).toBe('request');
    expect(request).toMatchObject({ host: 'shop.example:443', ip: '66.249.66.1', target: '/shop/item?id=4' });
    expect(readLast('vhost-combined', COMBINED).reading).toBe('unparsed');
  });

  it('reads a common line, without a user agent', () => {
    const line = '127.0.0.1 - frank [10/Oct/2026:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326';
    const { reading, request } = readLast('common', line);
    expect(reading).toBe('request');
    expect(request).toMatchObject({ ip: '127.0.0.1', target: '/apache_pb.gif', status: 200, userAgent: null });
    expect(readLast('common', COMBINED).reading).toBe('unparsed');
  });
});

describe('W3C extended', () => {
  const IIS_FIELDS =
    '#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs-host sc-status sc-substatus sc-win32-status time-taken';
  const iis = `2026-11-05 20:55:36 10.0.0.5 GET /default.htm page=2 443 - 66.249.66.1 Mozilla/5.0+(compatible;+Googlebot/2.1;++http://www.google.com/bot.html) shop.example 200 0 0 15`;

  it('reads IIS lines under their #Fields header, + read as a space', () => {
    const { reading, request } = readLast(
      'w3c',
      '#Software: Microsoft Internet Information Services 10.0',
      IIS_FIELDS,
      iis,
    );
    expect(reading).toBe('request');
    expect(request).toMatchObject({
      time: AT,
      ip: '66.249.66.1',
      method: 'GET',
      target: '/default.htm?page=2',
      host: 'shop.example',
      status: 200,
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1;  http://www.google.com/bot.html)',
    });
  });

  it('reads a directive as neither a request nor a skip, and a line before #Fields as unparsed', () => {
    expect(readLast('w3c', IIS_FIELDS).reading).toBe('directive');
    expect(readLast('w3c', iis).reading).toBe('unparsed');
  });

  it('finds a line whose field count differs from its #Fields unparsed, and a later #Fields replaces the list', () => {
    expect(readLast('w3c', IIS_FIELDS, `${iis} extra`).reading).toBe('unparsed');
    const short = '#Fields: date time c-ip cs-uri-stem';
    expect(readLast('w3c', IIS_FIELDS, short, '2026-11-05 20:55:36 1.2.3.4 /x').request.target).toBe('/x');
  });

  it('reads CloudFront lines (tabs): the user agent percent-decoded once, the host from x-host-header', () => {
    const fields =
      '#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol';
    const line = [
      '2026-11-05',
      '20:55:36',
      'FRA56-C2',
      '2326',
      '2001:db8::1',
      'GET',
      'd111111abcdef8.cloudfront.net',
      '/index.html',
      '200',
      '-',
      'Mozilla/5.0%20(compatible;%20GPTBot/1.2;%20%2Bhttps://openai.com/gptbot)%252F%zz',
      '-',
      '-',
      'Hit',
      'abc',
      'shop.example',
      'https',
    ].join('\t');
    const { reading, request } = readLast('w3c', fields, line);
    expect(reading).toBe('request');
    expect(request).toMatchObject({
      ip: '2001:db8::1',
      host: 'shop.example',
      target: '/index.html',
      userAgent: 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)%2F%zz',
    });
    expect(percentDecodeOnce('caf%C3%A9')).toBe('café');
  });
});

describe('AWS ALB', () => {
  const alb = (request: string, time = '2026-11-05T20:55:36.186641Z') =>
    `https ${time} app/my-lb/50dc6c495c0c9188 66.249.66.1:2817 10.0.0.1:80 0.000 0.001 0.000 200 200 34 366 "${request}" "${GOOGLEBOT}" ECDHE-RSA-AES128-GCM-SHA256 TLSv1.2 arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-targets/73e2d6bc24d8a067 "Root=1-58337262-36d228ad5d99923122bbe354" "shop.example" "arn:aws:acm:us-east-2:123456789012:certificate/12345678-1234-1234-1234-123456789012" 0 2026-11-05T20:55:36.000000Z "forward" "-" "-" "10.0.0.1:80" "200" "-" "-"`;

  it('reads the client address without its port, the absolute request and its host', () => {
    const { reading, request } = readLast('alb', alb('GET https://shop.example:443/cart?x=1 HTTP/1.1'));
    expect(reading).toBe('request');
    expect(request).toMatchObject({
      ip: '66.249.66.1',
      time: AT + 186,
      host: 'shop.example:443',
      target: '/cart?x=1',
      status: 200,
      userAgent: GOOGLEBOT,
    });
  });

  it('skips a malformed request as bad-target and a time without a zone as bad-time', () => {
    expect(readLast('alb', alb('- - - ')).reading).toBe('bad-target');
    expect(readLast('alb', alb('GET https://shop.example/ HTTP/1.1', '2026-11-05T20:55:36')).reading).toBe('bad-time');
  });
});

describe('Cloudflare Logpush JSON', () => {
  const line = (ts: unknown) =>
    JSON.stringify({
      ClientIP: '66.249.66.1',
      ClientRequestHost: 'shop.example',
      ClientRequestMethod: 'GET',
      ClientRequestURI: '/cart',
      EdgeResponseStatus: 403,
      ClientRequestUserAgent: GOOGLEBOT,
      EdgeStartTimestamp: ts,
    });

  it.each([
    ['RFC 3339 text with Z', '2026-11-05T20:55:36Z', AT],
    ['RFC 3339 text with an offset', '2026-11-05T21:55:36.5+01:00', AT + 500],
    ['nanoseconds', AT * 1e6 + 123_456, AT],
    ['microseconds', AT * 1e3 + 999, AT],
    ['milliseconds', AT, AT],
    ['seconds', AT / 1000, AT],
  ])('reads EdgeStartTimestamp as %s', (_name, ts, expected) => {
    const { reading, request } = readLast('cloudflare-json', line(ts));
    expect(reading).toBe('request');
    expect(request).toMatchObject({ time: expected, host: 'shop.example', status: 403, target: '/cart' });
  });

  it('skips a digit string as bad-time and an object without the fields as unparsed', () => {
    expect(readLast('cloudflare-json', line(String(AT))).reading).toBe('bad-time');
    expect(readLast('cloudflare-json', '{"ClientIP":"1.2.3.4"}').reading).toBe('unparsed');
    expect(readLast('cloudflare-json', '[1,2]').reading).toBe('unparsed');
    expect(readLast('cloudflare-json', '{not json').reading).toBe('unparsed');
  });
});

describe('Caddy JSON', () => {
  const caddy = (request: Record<string, unknown>) =>
    JSON.stringify({
      level: 'info',
      ts: AT / 1000 + 0.5241024,
      logger: 'http.log.access',
      msg: 'handled request',
      request: {
        remote_port: '41342',
        proto: 'HTTP/2.0',
        method: 'GET',
        host: 'shop.example',
        uri: '/a?b',
        ...request,
      },
      status: 200,
    });

  it('reads ts in seconds truncated to milliseconds, the client address and the first User-Agent', () => {
    const line = caddy({
      remote_ip: '10.0.0.9',
      client_ip: '66.249.66.1',
      headers: { 'User-Agent': [GOOGLEBOT, 'x'] },
    });
    const { reading, request } = readLast('caddy-json', line);
    expect(reading).toBe('request');
    expect(request).toMatchObject({
      time: AT + 524,
      ip: '66.249.66.1',
      host: 'shop.example',
      target: '/a?b',
      userAgent: GOOGLEBOT,
    });
  });

  it('takes remote_ip when there is no client_ip, and no user agent when the header is missing', () => {
    const { request } = readLast('caddy-json', caddy({ remote_ip: '10.0.0.9' }));
    expect(request).toMatchObject({ ip: '10.0.0.9', userAgent: null });
  });
});

describe('detection', () => {
  it.each<[LogFormat, string[]]>([
    ['combined', [COMBINED, COMBINED]],
    ['vhost-combined', [`shop.example:443 ${COMBINED}`]],
    ['common', ['127.0.0.1 - - [10/Oct/2026:13:55:36 -0700] "GET / HTTP/1.0" 200 2326']],
    ['w3c', ['#Version: 1.0', '#Fields: date time c-ip cs-uri-stem', '2026-11-05 20:55:36 1.2.3.4 /x']],
    ['caddy-json', ['{"ts":1,"request":{"remote_ip":"1.2.3.4","method":"GET","uri":"/"},"status":200}']],
  ])('detects %s', (format, lines) => {
    expect(detectLogFormat(lines)).toBe(format);
  });

  it('takes the format that reads the most lines, and finds none in text that is no log', () => {
    const common = '127.0.0.1 - - [10/Oct/2026:13:55:36 -0700] "GET / HTTP/1.0" 200 2326';
    expect(detectLogFormat([common, COMBINED, common])).toBe('common');
    expect(detectLogFormat(['hello', 'world'])).toBeNull();
  });
});
