import { randomBytes } from 'node:crypto';

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, so tests control every byte and header. */
export function multipart(parts: FormPart[]) {
  const boundary = `----grip-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const contentType = `multipart/form-data; boundary=${boundary}`;
  return { payload: Buffer.concat(chunks), contentType, headers: { 'content-type': contentType } };
}

/** One file in the `file` field, as the upload routes take it. */
export function fileForm(filename: string, contentType: string, data: Buffer) {
  return multipart([{ name: 'file', filename, contentType, data }]);
}
