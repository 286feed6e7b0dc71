import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest that the test drives: it records what was sent, and the test decides
 * when progress, an answer or a network failure happens. jsdom's own XHR would try the network.
 */
export class FakeXhr extends EventTarget {
  static instances: FakeXhr[] = [];

  readonly upload = new EventTarget();
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = '';
  readyState = 0;
  isAborted = false;
  isSent = false;

  constructor() {
    super();
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: Document | XMLHttpRequestBodyInit | null = null) {
    this.body = body;
    this.isSent = true;
  }

  abort() {
    if (this.readyState === 4) return;
    this.isAborted = true;
    this.readyState = 4;
    this.dispatchEvent(new ProgressEvent('abort'));
  }

  /** The file sent in the `file` field. */
  get file(): File | null {
    const value = this.body instanceof FormData ? this.body.get('file') : null;
    return value instanceof File ? value : null;
  }

  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.readyState = 4;
    this.dispatchEvent(new ProgressEvent('load'));
  }

  failNetwork() {
    this.readyState = 4;
    this.dispatchEvent(new ProgressEvent('error'));
  }
}

/**
 * Replaces XMLHttpRequest with FakeXhr (undone after each test by `unstubGlobals`) and gives
 * URL.createObjectURL/revokeObjectURL, which jsdom lacks, recording calls.
 */
export function installFakeUploads() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  let next = 0;
  const createObjectURL = vi.fn((_blob: Blob) => `blob:grip-test/${++next}`);
  const revokeObjectURL = vi.fn((_url: string) => {});
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  return {
    requests: FakeXhr.instances,
    /** The most recent upload request. */
    last(): FakeXhr {
      const xhr = FakeXhr.instances[FakeXhr.instances.length - 1];
      if (!xhr) throw new Error('No upload was sent');
      return xhr;
    },
    createObjectURL,
    revokeObjectURL,
  };
}

/** A File of the given size without allocating its bytes' worth of test data per byte. */
export function makeFile(name: string, type: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

let stored = 0;
/** A body like the server's 201 answer. */
export function uploadedImage(overrides: Partial<Record<'url' | 'contentType', string>> = {}) {
  stored += 1;
  return {
    url: `/uploads/storedImage${String(stored).padStart(4, '0')}.jpg`,
    width: 800,
    height: 600,
    contentType: 'image/jpeg',
    byteSize: 12_345,
    ...overrides,
  };
}
