import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { NETWORK_ERROR } from '../../lib/form-errors';
import type { UploadProgress } from './upload';
import { createUploadQueue, uploadErrorMessage } from './upload-queue';

/** A sender whose every call waits until the test settles it by file name. */
function controlledSender() {
  const calls: {
    name: string;
    key: string;
    progress: (p: UploadProgress) => void;
    resolve: (value: string) => void;
    reject: (error: unknown) => void;
    signal: AbortSignal;
  }[] = [];
  let inFlight = 0;
  let most = 0;
  const send = (file: File, progress: (p: UploadProgress) => void, signal: AbortSignal, key: string) =>
    new Promise<string>((resolve, reject) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          inFlight -= 1;
          fn(value);
        };
      calls.push({ name: file.name, key, progress, resolve: settle(resolve), reject: settle(reject), signal });
    });
  const call = (name: string) => {
    const found = [...calls].reverse().find((each) => each.name === name);
    if (!found) throw new Error(`${name} was never sent`);
    return found;
  };
  return { send, calls, call, most: () => most };
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const refused = (message: string) => new ApiRequestError(422, { message: 'The given data was invalid.', errors: { files: [message] } });

describe('the upload queue', () => {
  it('sends at most `concurrency` files at once and starts the next as one ends', async () => {
    const sender = controlledSender();
    const queue = createUploadQueue({ send: sender.send, concurrency: 3 });
    queue.add(['a', 'b', 'c', 'd', 'e'].map((name) => file(name)));
    expect(sender.calls.map((call) => call.name)).toEqual(['a', 'b', 'c']);
    expect(queue.getSnapshot().map((item) => item.status)).toEqual(['uploading', 'uploading', 'uploading', 'queued', 'queued']);

    sender.call('b').resolve('B');
    await tick();
    expect(sender.calls.map((call) => call.name)).toEqual(['a', 'b', 'c', 'd']);
    for (const name of ['a', 'c', 'd']) sender.call(name).resolve(name.toUpperCase());
    await tick();
    sender.call('e').resolve('E');
    await tick();
    expect(sender.most()).toBe(3);
    expect(queue.getSnapshot().map((item) => [item.file.name, item.status, item.result])).toEqual([
      ['a', 'done', 'A'],
      ['b', 'done', 'B'],
      ['c', 'done', 'C'],
      ['d', 'done', 'D'],
      ['e', 'done', 'E'],
    ]);
  });

  it('keeps each file’s progress and tells subscribers', async () => {
    const sender = controlledSender();
    const queue = createUploadQueue({ send: sender.send, concurrency: 2 });
    let notified = 0;
    queue.subscribe(() => (notified += 1));
    queue.add([file('a', 1000), file('b', 400)]);
    sender.call('a').progress({ loaded: 250, total: 1000 });
    sender.call('b').progress({ loaded: 400, total: 0 });
    const [a, b] = queue.getSnapshot();
    expect([a!.loaded, a!.total]).toEqual([250, 1000]);
    // Without a length the browser computed, the file's own size stands in.
    expect([b!.loaded, b!.total]).toEqual([400, 400]);
    expect(notified).toBeGreaterThanOrEqual(3);
  });

  it('fails one file with the server’s message while the others carry on, and retries it', async () => {
    const sender = controlledSender();
    const done: string[] = [];
    const queue = createUploadQueue({ send: sender.send, concurrency: 2, onDone: (item) => done.push(item.file.name) });
    queue.add([file('good.jpg'), file('bad.jpg'), file('late.jpg')]);
    // The server's fault this time: another try may well succeed.
    sender.call('bad.jpg').reject(new ApiRequestError(503, { message: 'bad.jpg is not a JPEG, PNG or WebP image.' }));
    await tick();
    expect(sender.calls.map((call) => call.name)).toEqual(['good.jpg', 'bad.jpg', 'late.jpg']);
    sender.call('good.jpg').resolve('1');
    sender.call('late.jpg').resolve('3');
    await tick();
    const failed = queue.getSnapshot().find((item) => item.file.name === 'bad.jpg')!;
    expect(failed).toMatchObject({ status: 'failed', error: 'bad.jpg is not a JPEG, PNG or WebP image.', retriable: true });
    expect(done).toEqual(['good.jpg', 'late.jpg']);

    queue.retry(failed.id);
    expect(queue.getSnapshot().find((item) => item.id === failed.id)).toMatchObject({ status: 'uploading', error: null, loaded: 0 });
    const tries = sender.calls.filter((call) => call.name === 'bad.jpg');
    expect(tries).toHaveLength(2);
    // Every try of one file carries its key; files differ.
    expect(tries[1]!.key).toBe(tries[0]!.key);
    expect(tries[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(sender.calls.map((call) => call.key)).size).toBe(3);
    sender.call('bad.jpg').resolve('2');
    await tick();
    expect(queue.getSnapshot().find((item) => item.id === failed.id)).toMatchObject({ status: 'done', result: '2' });
    expect(done).toEqual(['good.jpg', 'late.jpg', 'bad.jpg']);
  });

  it('retries only failed files and waits its turn behind the queue', async () => {
    const sender = controlledSender();
    const queue = createUploadQueue({ send: sender.send, concurrency: 1 });
    queue.add([file('a'), file('b'), file('c')]);
    sender.call('a').reject(new TypeError('Failed to fetch'));
    await tick();
    const a = queue.getSnapshot()[0]!;
    expect(a.error).toBe(NETWORK_ERROR);
    queue.retry(queue.getSnapshot()[1]!.id); // b is uploading: nothing happens
    queue.retry(a.id);
    expect(sender.calls.map((call) => call.name)).toEqual(['a', 'b']);
    sender.call('b').resolve('b');
    await tick();
    expect(sender.calls.map((call) => call.name)).toEqual(['a', 'b', 'c']);
    sender.call('c').resolve('c');
    await tick();
    expect(sender.calls.map((call) => call.name)).toEqual(['a', 'b', 'c', 'a']);
  });

  it('offers no retry for a file that can never succeed: refused before sending, or by the server for what it is', async () => {
    const sender = controlledSender();
    const queue = createUploadQueue({
      send: sender.send,
      concurrency: 2,
      refuse: (chosen) => (chosen.size > 100 ? `${chosen.name} is too large.` : null),
    });
    queue.add([file('huge.jpg', 1000), file('text.jpg'), file('busy.jpg')]);
    // The too large file is never sent.
    expect(sender.calls.map((call) => call.name)).toEqual(['text.jpg', 'busy.jpg']);
    sender.call('text.jpg').reject(refused('text.jpg is not a JPEG, PNG or WebP image.'));
    sender.call('busy.jpg').reject(new ApiRequestError(429, { message: 'Too many attempts.' }));
    await tick();
    expect(queue.getSnapshot().map((item) => [item.file.name, item.status, item.error, item.retriable])).toEqual([
      ['huge.jpg', 'failed', 'huge.jpg is too large.', false],
      ['text.jpg', 'failed', 'text.jpg is not a JPEG, PNG or WebP image.', false],
      ['busy.jpg', 'failed', 'Too many attempts.', true],
    ]);
    for (const item of queue.getSnapshot()) queue.retry(item.id);
    expect(sender.calls.map((call) => call.name)).toEqual(['text.jpg', 'busy.jpg', 'busy.jpg']);
  });

  it('cancels a file in flight when it is removed, and the next one starts', async () => {
    const sender = controlledSender();
    const queue = createUploadQueue({ send: sender.send, concurrency: 1 });
    queue.add([file('a'), file('b')]);
    const a = queue.getSnapshot()[0]!;
    queue.remove(a.id);
    expect(sender.call('a').signal.aborted).toBe(true);
    expect(sender.calls.map((call) => call.name)).toEqual(['a', 'b']);
    sender.call('a').reject(new DOMException('cancelled', 'AbortError'));
    await tick();
    expect(queue.getSnapshot().map((item) => item.file.name)).toEqual(['b']);
  });
});

describe('uploadErrorMessage', () => {
  it('prefers the field message, then the message, and names the network for anything else', () => {
    expect(uploadErrorMessage(refused('Too big.'))).toBe('Too big.');
    expect(uploadErrorMessage(new ApiRequestError(413, { message: 'The file is too large.' }))).toBe('The file is too large.');
    expect(uploadErrorMessage(new Error('boom'))).toBe(NETWORK_ERROR);
  });
});
