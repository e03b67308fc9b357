/**
 * Test double of XMLHttpRequest for the validation upload (Vitest only): records the PUT (method,
 * address, headers, body) and lets the test fire upload progress and answer.
 */
export class UploadFakeXhr {
  static all: UploadFakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  static reset(): void {
    UploadFakeXhr.all = [];
  }

  static get last(): UploadFakeXhr | undefined {
    return UploadFakeXhr.all.at(-1);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: Blob): void {
    this.body = body;
    UploadFakeXhr.all.push(this);
  }

  abort(): void {
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  respond(status: number, body: unknown = ''): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }
}
