/**
 * What every BlobStore must do, as one suite run against each implementation
 * (folder-store.test.ts, s3-store.test.ts). `visible` lists whatever the store holds, to show that
 * a refused or failed write leaves nothing behind.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOB_KEY_PATTERN, BlobTooLargeError, type BlobStore } from './types';

export interface ContractSubject {
  store: BlobStore;
  /** Everything the store holds (files, objects), by name. */
  visible(): Promise<string[]>;
  close?(): Promise<void>;
}

export function blobStoreContract(name: string, makeStore: () => Promise<ContractSubject>) {
  describe(`the ${name} blob store`, () => {
    let subject: ContractSubject;
    let store: BlobStore;
    beforeEach(async () => {
      subject = await makeStore();
      store = subject.store;
    });
    afterEach(() => subject.close?.());

    it('stores a blob under a random key and reads it back, whole or by range', async () => {
      const stored = await store.put(Buffer.from('hello, portal'), { contentType: 'text/plain' });
      expect(stored.key).toMatch(BLOB_KEY_PATTERN);
      expect(stored).toMatchObject({ size: 13, sha256: createHash('sha256').update('hello, portal').digest('hex') });
      expect(await text((await store.get(stored.key))!)).toBe('hello, portal');
      expect(await text((await store.get(stored.key, { start: 7, end: 12 }))!)).toBe('portal');
      expect(await text((await store.get(stored.key, { start: 12, end: 12 }))!)).toBe('l');
      expect(await store.stat(stored.key)).toEqual({ size: 13 });
      const again = await store.put(Buffer.from('hello, portal'), { contentType: 'text/plain' });
      expect(again.key).not.toBe(stored.key);
    });

    it('stores a stream of many chunks with its size and SHA-256, under distinct random keys', async () => {
      const chunks = Array.from({ length: 40 }, (_, index) => Buffer.alloc(16 * 1024, index));
      const whole = Buffer.concat(chunks);
      const keys = new Set<string>();
      for (let round = 0; round < 3; round++) {
        const stored = await store.put(Readable.from(chunks), { contentType: 'application/octet-stream', maxBytes: whole.length });
        expect(stored).toMatchObject({ size: whole.length, sha256: createHash('sha256').update(whole).digest('hex') });
        keys.add(stored.key);
      }
      expect(keys.size).toBe(3);
      const [first] = [...keys];
      const read = Buffer.concat(await (await store.get(first!))!.toArray());
      expect(read.equals(whole)).toBe(true);
      const middle = Buffer.concat(await (await store.get(first!, { start: 16 * 1024 - 2, end: 16 * 1024 + 1 }))!.toArray());
      expect([...middle]).toEqual([0, 0, 1, 1]);
      expect((await subject.visible()).length).toBe(3);
    });

    it('leaves nothing behind when a write is too large or its source fails', async () => {
      await expect(store.put(Buffer.alloc(2048), { contentType: 'application/pdf', maxBytes: 1024 })).rejects.toBeInstanceOf(BlobTooLargeError);
      await expect(store.put(Readable.from([Buffer.alloc(700), Buffer.alloc(700)]), { contentType: 'application/pdf', maxBytes: 1024 })).rejects.toBeInstanceOf(
        BlobTooLargeError,
      );
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(512));
          this.destroy(new Error('connection lost'));
        },
      });
      await expect(store.put(failing, { contentType: 'image/jpeg' })).rejects.toThrow('connection lost');
      expect(await subject.visible()).toEqual([]);
    });

    it('answers null for keys that do not exist or are not keys at all', async () => {
      for (const key of ['A'.repeat(43), '../../etc/passwd', '', 'a/b', `${'A'.repeat(42)}.`, `${'A'.repeat(43)}/x`]) {
        expect(await store.get(key)).toBeNull();
        expect(await store.stat(key)).toBeNull();
        await store.delete(key);
      }
    });

    it('deletes', async () => {
      const stored = await store.put(Buffer.from('x'), { contentType: 'text/plain' });
      await store.delete(stored.key);
      expect(await store.get(stored.key)).toBeNull();
      expect(await store.stat(stored.key)).toBeNull();
      expect(await subject.visible()).toEqual([]);
      await store.delete(stored.key);
    });
  });
}
