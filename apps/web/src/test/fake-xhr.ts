import { vi } from 'vitest';

/** One request a `FakeXhr` received, and the test's way to answer it. */
export interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void;
  respond(status: number, body?: unknown, headers?: Record<string, string>): void;
  fail(): void;
}

/**
 * A stand-in for XMLHttpRequest (happy-dom's sends for real): each `send` is handed to `onSend`,
 * which answers at once or keeps the call to answer later (upload progress tests).
 */
export function stubXhr(onSend: (call: XhrCall) => void) {
  const calls: XhrCall[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    response: unknown = null;
    responseType = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    private done = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return Object.entries(this.responseHeaders)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
    }
    abort() {
      if (this.done) return;
      this.done = true;
      this.onabort?.();
      this.onloadend?.();
    }
    send(body: FormData) {
      const call: XhrCall = {
        method: this.method,
        url: this.url,
        headers: { ...this.headers },
        body,
        progress: (loaded, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
        respond: (status, answer, headers = {}) => {
          if (this.done) return;
          this.done = true;
          this.status = status;
          this.responseHeaders =
            answer === undefined ? headers : { 'content-type': 'application/json', ...headers };
          this.response = new Blob(answer === undefined ? [] : [JSON.stringify(answer)]);
          this.onload?.();
          this.onloadend?.();
        },
        fail: () => {
          if (this.done) return;
          this.done = true;
          this.onerror?.();
          this.onloadend?.();
        },
      };
      calls.push(call);
      onSend(call);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}
