import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { installFakeUploads, makeFile, uploadedImage } from '../testing/fake-upload-server';
import { isAbortError, uploadImage } from './upload-image';

describe('uploadImage', () => {
  it('posts the file as multipart form data for its purpose and reports progress', async () => {
    const server = installFakeUploads();
    const file = makeFile('garden.jpg', 'image/jpeg', 4000);
    const progress: number[] = [];
    const result = uploadImage(file, 'avatar', (p) => progress.push(p));

    const xhr = server.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads?purpose=avatar');
    expect(xhr.headers.Accept).toBe('application/json');
    // The browser sets the multipart boundary itself; a hand-set content type would break it.
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(xhr.file?.name).toBe('garden.jpg');
    expect(xhr.file?.size).toBe(4000);

    xhr.progress(1000, 4000);
    xhr.progress(4000, 4000);
    const body = uploadedImage();
    xhr.respond(201, body);

    await expect(result).resolves.toEqual(body);
    // All bytes sent is 99: the last step is the server checking and storing the image.
    expect(progress).toEqual([0, 25, 99, 100]);
  });

  it("rejects with an ApiError carrying the server's message", async () => {
    const server = installFakeUploads();
    const result = uploadImage(makeFile('a.png', 'image/png'), 'request_image');
    server
      .last()
      .respond(415, { error: 'unsupported_media_type', message: 'Please upload only image files.' });
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      message: 'Please upload only image files.',
    });
  });

  it("explains a proxy's bare 413 with the purpose's size limit", async () => {
    const server = installFakeUploads();
    const result = uploadImage(makeFile('a.png', 'image/png'), 'counter_offer_image');
    server.last().respond(413, '<html><body>413 Request Entity Too Large</body></html>');
    await expect(result).rejects.toMatchObject({
      status: 413,
      message: 'Please upload images smaller than 5MB.',
    });
  });

  it('rejects with the network message when the connection fails', async () => {
    const server = installFakeUploads();
    const result = uploadImage(makeFile('a.png', 'image/png'), 'request_image');
    server.last().failNetwork();
    await expect(result).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('refuses an answer that is not an uploaded image', async () => {
    const server = installFakeUploads();
    const result = uploadImage(makeFile('a.png', 'image/png'), 'request_image');
    server.last().respond(201, { ok: true });
    await expect(result).rejects.toMatchObject({ message: 'Failed to upload image. Please try again.' });
  });

  it('cancels the request when the signal aborts', async () => {
    const server = installFakeUploads();
    const controller = new AbortController();
    const onProgress = vi.fn();
    const result = uploadImage(
      makeFile('a.png', 'image/png'),
      'request_image',
      onProgress,
      controller.signal,
    );
    controller.abort();
    const error = await result.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(server.last().isAborted).toBe(true);
  });

  it('sends nothing when the signal was already aborted', async () => {
    const server = installFakeUploads();
    const controller = new AbortController();
    controller.abort();
    const error = await uploadImage(
      makeFile('a.png', 'image/png'),
      'request_image',
      undefined,
      controller.signal,
    ).catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});
