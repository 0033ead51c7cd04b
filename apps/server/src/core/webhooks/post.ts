import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/**
 * POSTs one webhook to `url`, connecting to `address` (the one `checkTarget` approved) whatever the name resolves to
 * now; TLS still checks the certificate against the name. Follows no redirect, reads no more of the answer than its
 * status, and gives up after `timeoutMs`. Answers the status code.
 */
export function postWebhook(
  url: string,
  target: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<number> {
  const parsed = new URL(url);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = parsed.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      parsed,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    // One deadline for the whole exchange, not just for silence on the socket.
    const deadline = setTimeout(() => request.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })), timeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    request.on('error', reject);
    request.end(body);
  });
}
