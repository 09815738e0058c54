import { act } from '@testing-library/react';
import { vi } from 'vitest';

export interface XhrReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** One request sent through the fake XMLHttpRequest, driven by the test. */
export interface FakeRequest {
  method: string;
  url: string;
  /** Request headers, names lower-cased. */
  headers: Record<string, string>;
  body: Document | XMLHttpRequestBodyInit | null;
  aborted: boolean;
  /** The files of a multipart body, by form field name. */
  files(): Record<string, File>;
  /** Fires an upload progress event (bytes of the body sent so far). */
  progress(loaded: number, total?: number): Promise<void>;
  /** Answers with a status and a JSON body. */
  respond(reply: XhrReply): Promise<void>;
  /** The network fails (the browser's `error` event). */
  fail(): Promise<void>;
}

/**
 * Replaces XMLHttpRequest with a fake the test drives: each sent request is
 * listed in `requests`, with upload progress events and answers fired inside
 * act(). With `autoReply`, each request reports progress at half and full size,
 * then answers with what autoReply returns (on later macrotasks).
 */
export function mockXhr(autoReply?: (request: FakeRequest) => XhrReply) {
  const requests: FakeRequest[] = [];

  class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    readyState = 0;
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    private method = '';
    private url = '';
    private requestHeaders: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    private done = false;
    private fake: FakeRequest | null = null;

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
      this.readyState = 1;
    }

    setRequestHeader(name: string, value: string): void {
      this.requestHeaders[name.toLowerCase()] = value;
    }

    getResponseHeader(name: string): string | null {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }

    abort(): void {
      if (this.done) return;
      this.done = true;
      if (this.fake) this.fake.aborted = true;
      this.dispatchEvent(new ProgressEvent('abort'));
    }

    private sendProgress(loaded: number, total: number): void {
      if (this.done) return;
      this.upload.dispatchEvent(
        new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
      );
    }

    private answer({ status, body, headers = {} }: XhrReply): void {
      if (this.done) return;
      this.done = true;
      this.readyState = 4;
      this.status = status;
      this.responseText = body === undefined ? '' : JSON.stringify(body);
      this.responseHeaders = Object.fromEntries(
        Object.entries({ 'content-type': 'application/json', ...headers }).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      );
      this.dispatchEvent(new ProgressEvent('load'));
    }

    private networkError(): void {
      if (this.done) return;
      this.done = true;
      this.readyState = 4;
      this.dispatchEvent(new ProgressEvent('error'));
    }

    send(body: Document | XMLHttpRequestBodyInit | null = null): void {
      const size = sizeOf(body);
      const fake: FakeRequest = {
        method: this.method,
        url: this.url,
        headers: { ...this.requestHeaders },
        body,
        aborted: false,
        files: () => {
          const found: Record<string, File> = {};
          if (body instanceof FormData) {
            body.forEach((value, key) => {
              if (value instanceof File) found[key] = value;
            });
          }
          return found;
        },
        progress: (loaded, total = size) =>
          act(async () => {
            this.sendProgress(loaded, total);
          }),
        respond: (reply) =>
          act(async () => {
            this.answer(reply);
          }),
        fail: () =>
          act(async () => {
            this.networkError();
          }),
      };
      this.fake = fake;
      requests.push(fake);
      if (!autoReply) return;
      const steps = [
        () => this.sendProgress(Math.floor(size / 2), size),
        () => this.sendProgress(size, size),
        () => this.answer(autoReply(fake)),
      ];
      const next = () => {
        const step = steps.shift();
        if (!step || this.done) return;
        step();
        setTimeout(next, 5);
      };
      setTimeout(next, 5);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { requests };
}

/** The bytes a body would take: the sum of its files' sizes for a FormData. */
function sizeOf(body: Document | XMLHttpRequestBodyInit | null): number {
  if (body instanceof FormData) {
    let size = 0;
    body.forEach((value) => {
      size += value instanceof File ? value.size : String(value).length;
    });
    return size;
  }
  return typeof body === 'string' ? body.length : 0;
}

/** A small image-like file (the bytes are not an image: the server is faked too). */
export function imageFile(name: string, size = 2048, type = 'image/jpeg'): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** A File that reports a size without holding the bytes (for the 20 MB check). */
export function fileOfSize(name: string, size: number, type = 'image/jpeg'): File {
  const file = new File([new Uint8Array(1)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/**
 * Stubs URL.createObjectURL / revokeObjectURL (jsdom has neither) and records
 * the URLs made and revoked.
 */
export function mockObjectUrls() {
  let count = 0;
  const created: string[] = [];
  const revoked: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    count += 1;
    const url = `blob:http://localhost/preview-${count}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => {
    revoked.push(url);
  });
  return { created, revoked };
}
