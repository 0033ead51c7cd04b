import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses no webhook goes to: private networks, link-local (cloud metadata), unique-local, multicast, unspecified. */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::', 128],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** `::ffff:192.168.1.1` and `::ffff:c0a8:101` are an IPv4 address in IPv6 dress: judged as that address. */
function unmapped(address: string): string {
  const match = /^::ffff:(?:([\d.]+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return address;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Where a webhook may go: the address its name resolved to when it was checked, which is the one it is sent to. */
export type TargetCheck = { refused: string } | { refused: null; address: string; family: 4 | 6 };

/**
 * Whether a webhook may go to `url` (docs/decisions/038-webhooks.md): https only in production, http to the loopback
 * only outside it, and never to a private, link-local or other internal address, by name or by what the name resolves
 * to. Answers the address checked, so the delivery connects to it and not to whatever the name resolves to a moment
 * later (DNS rebinding).
 */
export async function checkTarget(url: string, production: boolean): Promise<TargetCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refused: 'The url must be an absolute http:// or https:// address.' };
  }
  if (parsed.username || parsed.password) return { refused: 'The url may not carry a user name or password.' };
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { refused: 'The url must be an https:// address.' };
  if (production && parsed.protocol !== 'https:') return { refused: 'The url must be an https:// address.' };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return { refused: `The host ${host} cannot be found.` };
  }
  if (addresses.length === 0) return { refused: `The host ${host} cannot be found.` };
  for (const address of addresses) {
    const mapped = unmapped(address);
    if (LOOPBACK.check(mapped, family(mapped))) {
      if (production) return { refused: 'The url may not point at this server or its network.' };
      continue;
    }
    if (FORBIDDEN.check(mapped, family(mapped))) return { refused: 'The url may not point at a private, link-local or internal address.' };
    if (!production && parsed.protocol === 'http:') return { refused: 'Outside production, http:// goes to the loopback only; use https://.' };
  }
  // Every address the name has is allowed; the first is the one used.
  const address = addresses[0]!;
  return { refused: null, address, family: isIP(address) === 6 ? 6 : 4 };
}

/** Why a webhook may not go to `url`, or null when it may. */
export async function refusedTarget(url: string, production: boolean): Promise<string | null> {
  return (await checkTarget(url, production)).refused;
}
