/**
 * Test double of XMLHttpRequest for the import upload (Vitest only): records what is sent and
 * lets the test answer, fire upload progress or fail.
 */
export class FakeXhr {
  static last: FakeXhr | null = null;
  static all: FakeXhr[] = [];
  /** When set, each request is answered with it as soon as it is sent. */
  static autoRespond: { status: number; body: unknown } | null = null;

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | string | null = null;
  /** The body as text, once `send` has read it. */
  bodyText: Promise<string> = Promise.resolve('');
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  static reset(): void {
    FakeXhr.last = null;
    FakeXhr.all = [];
    FakeXhr.autoRespond = null;
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: Blob | string): void {
    this.body = body;
    this.bodyText = typeof body === 'string' ? Promise.resolve(body) : body.text();
    FakeXhr.last = this;
    FakeXhr.all.push(this);
    const auto = FakeXhr.autoRespond;
    if (auto) queueMicrotask(() => this.respond(auto.status, auto.body));
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** The JSON body sent. */
  async sent<T = Record<string, unknown>>(): Promise<T> {
    return JSON.parse(await this.bodyText) as T;
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }
}
