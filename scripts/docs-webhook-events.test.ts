import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEBHOOK_EVENTS } from '@portal/contract';
import { describe, expect, it } from 'vitest';

/** docs/company-api.md's table of webhook events: every event the console and the API offer, and no other. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe("the company API's documented webhook events", () => {
  it('are exactly the ones an endpoint may subscribe to', () => {
    const doc = readFileSync(path.join(root, 'docs/company-api.md'), 'utf8');
    const documented = [...doc.matchAll(/^ {2}\| `([a-z_]+\.[a-z_]+)` \|/gm)].map((match) => match[1]);
    expect([...documented].sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });
});
