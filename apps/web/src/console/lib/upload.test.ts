import { STAFF_TOKEN_STORAGE_KEY } from '@portal/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { uploadRequest, UploadNetworkError } from './upload';

/** A stand-in XMLHttpRequest the test drives: what was sent, progress, and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  private listeners: Record<string, (() => void)[]> = {};
  readonly upload = {
    listeners: [] as ((event: { loaded: number; total: number; lengthComputable: boolean }) => void)[],
    addEventListener: (_: string, listener: (event: { loaded: number; total: number; lengthComputable: boolean }) => void) =>
      this.upload.listeners.push(listener),
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.fire('abort');
  }
  progress(loaded: number, total: number) {
    this.upload.listeners.forEach((listener) => listener({ loaded, total, lengthComputable: total > 0 }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === null ? '' : JSON.stringify(body);
    this.fire('load');
  }
  fire(type: string) {
    this.listeners[type]?.forEach((listener) => listener());
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.setItem(STAFF_TOKEN_STORAGE_KEY, 'staff-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('uploadRequest', () => {
  it('posts the form with the console token, reports progress, and answers the parsed body', async () => {
    const progress = vi.fn();
    const body = new FormData();
    const sent = uploadRequest<{ data: number[] }>('/integration/albums/4/photos', body, { staff: true, onProgress: progress, idempotencyKey: 'k-1' });
    const xhr = FakeXhr.last!;
    expect(xhr.headers['Idempotency-Key']).toBe('k-1');
    expect([xhr.method, xhr.url, xhr.headers.Authorization, xhr.body]).toEqual(['POST', '/api/integration/albums/4/photos', 'Bearer staff-token', body]);
    xhr.progress(50, 200);
    xhr.progress(200, 0);
    expect(progress.mock.calls).toEqual([[{ loaded: 50, total: 200 }], [{ loaded: 200, total: 0 }]]);
    xhr.answer(201, { data: [1] });
    await expect(sent).resolves.toEqual({ data: [1] });
  });

  it('rejects a refusal as an ApiRequestError with the field errors, and a lost connection as a network error', async () => {
    const refused = uploadRequest('/integration/albums/4/photos', new FormData(), { staff: true });
    FakeXhr.last!.answer(422, { message: 'The given data was invalid.', errors: { files: ['Not a photo.'] } });
    const error = await refused.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect([(error as ApiRequestError).status, (error as ApiRequestError).fieldErrors()]).toEqual([422, { files: ['Not a photo.'] }]);

    const lost = uploadRequest('/integration/albums/4/photos', new FormData(), { staff: true });
    FakeXhr.last!.fire('error');
    await expect(lost).rejects.toBeInstanceOf(UploadNetworkError);
  });

  it('ends the console sign-in on a 401 and stops when its signal aborts', async () => {
    const unauthorized = uploadRequest('/integration/albums/4/photos', new FormData(), { staff: true });
    FakeXhr.last!.answer(401, { message: 'Unauthenticated.' });
    await expect(unauthorized).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(STAFF_TOKEN_STORAGE_KEY)).toBeNull();

    const controller = new AbortController();
    const cancelled = uploadRequest('/integration/albums/4/photos', new FormData(), { signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last!.aborted).toBe(true);
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
