import { describe, expect, it } from 'vitest';
import { checkTarget, refusedUrl, type TargetPolicy } from './targets';

/** Where webhooks may go (docs/decisions/108-webhook-targets-checked-by-ipaddr.md). */

const strict: TargetPolicy = { allowPrivate: false };
const lenient: TargetPolicy = { allowPrivate: true };
const REFUSED = 'The url must point at a public address, not a private, loopback, link-local or other special-purpose one.';

/** Never a target: link-local and metadata, unspecified, broadcast, multicast, shared and reserved space, tunnels. */
const NEVER = [
  'https://169.254.169.254/latest/meta-data',
  'https://[fe80::1]/',
  'https://0.0.0.0/',
  'https://255.255.255.255/',
  'https://224.0.0.1/',
  'https://[ff02::1]/',
  'https://100.64.0.1/',
  // Special-purpose blocks: IETF protocol assignments, documentation, benchmarking, the old class E.
  'https://192.0.0.1/',
  'https://192.0.2.1/',
  'https://198.18.0.1/',
  'https://203.0.113.5/',
  'https://240.0.0.1/',
  // NAT64 with an address that is not public, and the local-use NAT64 prefix whatever it carries.
  'https://[64:ff9b::a00:1]/',
  'https://[64:ff9b::7f00:1]/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://[64:ff9b:1::a00:1]/',
  'https://[64:ff9b:1::808:808]/',
  // 6to4 and Teredo, whatever they carry: a relay decides where they go.
  'https://[2002:a9fe:a9fe::1]/',
  'https://[2002:808:808::1]/',
  'https://[2001::1]/',
  'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  // IPv4-compatible (deprecated), IPv4-translated, site-local (deprecated), discard, documentation.
  'https://[::7f00:1]/',
  'https://[::a00:1]/',
  'https://[::ffff:0:7f00:1]/',
  'https://[fec0::1]/',
  'https://[100::1]/',
  'https://[2001:db8::1]/',
  // Outside the IPv6 space handed out for public use.
  'https://[4000::1]/',
  'https://[::]/',
  // IPv4-mapped: judged as the IPv4 it carries.
  'https://[::ffff:169.254.169.254]/',
  'https://[::ffff:0.0.0.0]/',
];

/** Loopback and private networks: only where the operator allows them. */
const PRIVATE = [
  'https://127.0.0.1:9/x',
  'https://127.1.2.3/',
  'https://10.0.0.8/hook',
  'https://172.16.0.1/',
  'https://192.168.1.1/',
  'https://[::1]/',
  'https://[fd00::1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:c0a8:101]/',
];

const PUBLIC = [
  'https://93.184.215.14/hook',
  'https://8.8.8.8:8443/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://[::ffff:8.8.8.8]/',
  'https://[64:ff9b::808:808]/',
  'https://hooks.example.com/in',
];

describe('refusedUrl (registration)', () => {
  it.each(NEVER)('refuses %s, even where private targets are allowed', (url) => {
    expect(refusedUrl(url, strict)).toBe(REFUSED);
    expect(refusedUrl(url, lenient)).toBe(REFUSED);
  });

  it.each(PRIVATE)('refuses %s unless private targets are allowed', (url) => {
    expect(refusedUrl(url, strict)).toBe(REFUSED);
    expect(refusedUrl(url, lenient)).toBeNull();
  });

  it.each(PUBLIC)('accepts %s', (url) => {
    expect(refusedUrl(url, strict)).toBeNull();
  });

  it('takes http:// only where private targets are allowed, and no other scheme, credentials or non-URL', () => {
    expect(refusedUrl('http://127.0.0.1:9/x', strict)).toBe('The url must be an https:// address.');
    expect(refusedUrl('http://hooks.example.com/in', strict)).toBe('The url must be an https:// address.');
    expect(refusedUrl('http://127.0.0.1:9/x', lenient)).toBeNull();
    expect(refusedUrl('ftp://hooks.example.com/', lenient)).toBe('The url must be an https:// address.');
    expect(refusedUrl('https://user:pw@hooks.example.com/', strict)).toBe('The url may not carry a user name or password.');
    expect(refusedUrl('not a url', strict)).toBe('The url must be an absolute https:// address.');
  });

  it('sees through the spellings a URL parser turns into an address', () => {
    for (const url of ['https://2130706433/', 'https://0x7f.1/', 'https://017700000001/', 'https://[0:0:0:0:0:ffff:7f00:1]/', 'https://0251.0376.0251.0376/']) {
      expect(refusedUrl(url, strict), url).toBe(REFUSED);
    }
  });
});

describe('checkTarget (delivery)', () => {
  const resolvingTo =
    (...answers: string[][]): TargetPolicy['resolve'] =>
    async () =>
      answers.shift() ?? [];

  it('resolves the name and answers the address to connect to', async () => {
    const policy = { allowPrivate: false, resolve: resolvingTo(['2606:4700:4700::1111', '93.184.215.14']) };
    expect(await checkTarget('https://hooks.example.com/in', policy)).toEqual({ refused: null, address: '2606:4700:4700::1111', family: 6 });
    expect(await checkTarget('https://93.184.215.14/in', strict)).toEqual({ refused: null, address: '93.184.215.14', family: 4 });
  });

  it('refuses a name any of whose addresses is inside, in any dress', async () => {
    for (const answer of [['10.0.0.5'], ['93.184.215.14', '127.0.0.1'], ['::ffff:169.254.169.254'], ['64:ff9b::a00:1'], ['fec0::1'], ['::7f00:1']]) {
      const check = await checkTarget('https://hooks.example.com/in', { allowPrivate: false, resolve: resolvingTo(answer) });
      expect(check, answer.join()).toEqual({ refused: 'The host hooks.example.com has no public address.' });
    }
  });

  it('judges the name again at each delivery, so one that later resolves inside is refused', async () => {
    const policy = { allowPrivate: false, resolve: resolvingTo(['93.184.215.14'], ['192.168.0.10']) };
    expect((await checkTarget('https://hooks.example.com/in', policy)).refused).toBeNull();
    expect((await checkTarget('https://hooks.example.com/in', policy)).refused).toBe('The host hooks.example.com has no public address.');
  });

  it('says the same of a name that cannot be found as of one inside, so the log tells nothing of the inside', async () => {
    const failing: TargetPolicy = { allowPrivate: false, resolve: () => Promise.reject(new Error('ENOTFOUND')) };
    expect(await checkTarget('https://db.internal/in', failing)).toEqual({ refused: 'The host db.internal has no public address.' });
    expect(await checkTarget('https://db.internal/in', { allowPrivate: false, resolve: resolvingTo(['10.1.2.3']) })).toEqual({
      refused: 'The host db.internal has no public address.',
    });
  });

  it('refuses localhost by what the system resolver says, unless private targets are allowed', async () => {
    expect(await checkTarget('https://localhost:9/in', strict)).toEqual({ refused: 'The host localhost has no public address.' });
    expect(await checkTarget('http://localhost:9/in', lenient)).toMatchObject({ refused: null, address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
  });

  it('lets the operator reach loopback and private names, never link-local or a tunnel', async () => {
    expect(await checkTarget('http://receiver.lan/in', { allowPrivate: true, resolve: resolvingTo(['192.168.1.20']) })).toEqual({
      refused: null,
      address: '192.168.1.20',
      family: 4,
    });
    expect((await checkTarget('http://receiver.lan/in', { allowPrivate: true, resolve: resolvingTo(['169.254.169.254']) })).refused).not.toBeNull();
    expect((await checkTarget('http://receiver.lan/in', { allowPrivate: true, resolve: resolvingTo(['2002:7f00:1::1']) })).refused).not.toBeNull();
  });
});
