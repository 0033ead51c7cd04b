import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may go (docs/decisions/108-webhook-targets-checked-by-ipaddr.md): the special-purpose ranges are
 * ipaddr.js's, not a list kept here. `public` goes anywhere; `private` (loopback, RFC 1918, unique-local) only where the
 * operator set WEBHOOK_ALLOW_PRIVATE_TARGETS; `forbidden` (link-local and cloud metadata, unspecified, multicast,
 * carrier-grade NAT, documentation and benchmarking, 6to4, Teredo, …) nowhere.
 */
export type AddressKind = 'public' | 'private' | 'forbidden';

/** Ranges ipaddr.js calls unicast although nobody's server is there: the IPv4-compatible block, and site-local. */
const NOT_PUBLIC_IPV6 = ['::/96', 'fec0::/10'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
/** The only IPv6 space handed out for public use; ipaddr.js calls anything it has no name for unicast. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/** NAT64's well-known prefix: DNS64 puts every IPv4-only host behind it, so it is judged by the IPv4 it carries. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

export function addressKind(address: ipaddr.IPv4 | ipaddr.IPv6): AddressKind {
  if (address.kind() === 'ipv4') {
    const range = address.range();
    if (range === 'unicast') return 'public';
    return range === 'loopback' || range === 'private' ? 'private' : 'forbidden';
  }
  const v6 = address as ipaddr.IPv6;
  // `::ffff:10.0.0.1` is an IPv4 address in IPv6 dress: judged as that address.
  if (v6.isIPv4MappedAddress()) return addressKind(v6.toIPv4Address());
  // A translator forwards `64:ff9b::a00:1` to 10.0.0.1: only a public IPv4 may be reached that way, never a private one.
  if (v6.match(NAT64_WELL_KNOWN)) return addressKind(ipaddr.fromByteArray(v6.toByteArray().slice(12))) === 'public' ? 'public' : 'forbidden';
  const range = v6.range();
  if (range === 'loopback' || range === 'uniqueLocal') return 'private';
  // The other ranges that carry an IPv4 address (the local-use NAT64 prefix, 6to4, Teredo, IPv4-translated) are
  // refused whatever they carry: a relay decides where they end up.
  if (range !== 'unicast' || !v6.match(GLOBAL_UNICAST) || NOT_PUBLIC_IPV6.some((cidr) => v6.match(cidr))) return 'forbidden';
  return 'public';
}

export interface TargetPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: http://, and loopback and private addresses, for a receiver on the operator's own network. */
  allowPrivate: boolean;
  /** The host's addresses; the system resolver unless a test gives one. */
  resolve?: (host: string) => Promise<string[]>;
}

const REFUSED_ADDRESS = 'The url must point at a public address, not a private, loopback, link-local or other special-purpose one.';

const systemResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

function allowed(address: string, policy: TargetPolicy): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  const kind = addressKind(parsed);
  return kind === 'public' || (kind === 'private' && policy.allowPrivate);
}

/** The URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Why a webhook may not be registered for `url`, or null: the scheme (https:// unless private targets are allowed), no
 * credentials, and the address when the host is one. A name is not resolved here: what it resolves to now says nothing
 * about later, so every delivery resolves and judges it again (`checkTarget`).
 */
export function refusedUrl(url: string, policy: TargetPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The url must be an absolute https:// address.';
  }
  if (parsed.protocol !== 'https:' && !(policy.allowPrivate && parsed.protocol === 'http:')) return 'The url must be an https:// address.';
  if (parsed.username || parsed.password) return 'The url may not carry a user name or password.';
  const host = hostOf(parsed);
  if (isIP(host) && !allowed(host, policy)) return REFUSED_ADDRESS;
  return null;
}

/** Where a webhook may go: the address its name resolved to when it was checked, which is the one it is sent to. */
export type TargetCheck = { refused: string } | { refused: null; address: string; family: 4 | 6 };

/**
 * Whether a delivery may go to `url` now: the URL as at registration, then every address its name resolves to. Answers
 * the address checked, so the delivery connects to it and not to whatever the name resolves to a moment later (DNS
 * rebinding). A name that cannot be found and one that resolves inside get the same answer, so the delivery log tells
 * a company nothing about names on the server's own network.
 */
export async function checkTarget(url: string, policy: TargetPolicy): Promise<TargetCheck> {
  const refused = refusedUrl(url, policy);
  if (refused !== null) return { refused };
  const host = hostOf(new URL(url));
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0 || !addresses.every((address) => allowed(address, policy))) {
      return { refused: `The host ${host} has no public address.` };
    }
  }
  // Every address the name has is allowed; the first is the one used.
  const address = addresses[0]!;
  return { refused: null, address, family: isIP(address) === 6 ? 6 : 4 };
}
