import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeUploads, makeFile, uploadedImage } from '../testing/fake-upload-server';
import { useImageUploads, type UseImageUploadsOptions } from './use-image-uploads';

const MB = 1024 * 1024;

let server: ReturnType<typeof installFakeUploads>;
let success: ReturnType<typeof vi.spyOn>;
let failure: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  server = installFakeUploads();
  success = vi.spyOn(toast, 'success');
  failure = vi.spyOn(toast, 'error');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

function setup(options: UseImageUploadsOptions = {}) {
  return renderHook(() => useImageUploads(options));
}

describe('useImageUploads', () => {
  it('previews, tracks progress and collects the server URL of each image', async () => {
    const { result } = setup({ purpose: 'request_image' });
    act(() => result.current.add([makeFile('a.jpg', 'image/jpeg'), makeFile('b.png', 'image/png')]));

    expect(result.current.items).toHaveLength(2);
    expect(result.current.items.map((i) => i.previewUrl)).toEqual(['blob:grip-test/1', 'blob:grip-test/2']);
    expect(result.current.items.every((i) => i.status === 'uploading' && i.progress === 0)).toBe(true);
    expect(result.current.isUploading).toBe(true);
    expect(result.current.urls).toEqual([]);
    expect(server.requests.map((x) => x.url)).toEqual([
      '/api/uploads?purpose=request_image',
      '/api/uploads?purpose=request_image',
    ]);

    act(() => server.requests[0]!.progress(50, 100));
    expect(result.current.items[0]?.progress).toBe(50);

    const first = uploadedImage();
    const second = uploadedImage();
    act(() => server.requests[1]!.respond(201, second));
    act(() => server.requests[0]!.respond(201, first));
    await waitFor(() => expect(result.current.isUploading).toBe(false));
    // The order shown is the order chosen, whatever order the uploads finished in.
    expect(result.current.urls).toEqual([first.url, second.url]);
    expect(result.current.items.map((i) => [i.status, i.progress])).toEqual([
      ['done', 100],
      ['done', 100],
    ]);
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Images uploaded', {
        description: 'Successfully uploaded 2 image(s).',
      }),
    );
    expect(success).toHaveBeenCalledTimes(1);
    expect(failure).not.toHaveBeenCalled();
  });

  it('refuses files that are not images before uploading', async () => {
    const { result } = setup();
    act(() =>
      result.current.add([makeFile('notes.txt', 'text/plain'), makeFile('logo.svg', 'image/svg+xml')]),
    );
    await waitFor(() => expect(failure).toHaveBeenCalledTimes(1));
    expect(failure).toHaveBeenCalledWith(
      'Invalid file type',
      expect.objectContaining({ description: 'Please upload only image files.' }),
    );
    expect(result.current.items).toEqual([]);
    expect(server.requests).toHaveLength(0);
    expect(server.createObjectURL).not.toHaveBeenCalled();
  });

  it("refuses files over the purpose's limit, naming that limit", async () => {
    const counter = setup({ purpose: 'counter_offer_image' });
    act(() => counter.result.current.add([makeFile('big.jpg', 'image/jpeg', 5 * MB + 1)]));
    await waitFor(() =>
      expect(failure).toHaveBeenLastCalledWith(
        'File too large',
        expect.objectContaining({ description: 'Please upload images smaller than 5MB.' }),
      ),
    );
    const avatar = setup({ purpose: 'avatar' });
    act(() => avatar.result.current.add([makeFile('big.jpg', 'image/jpeg', 2 * MB + 1)]));
    await waitFor(() =>
      expect(failure).toHaveBeenLastCalledWith(
        'File too large',
        expect.objectContaining({ description: 'Please upload images smaller than 2MB.' }),
      ),
    );
    expect(server.requests).toHaveLength(0);

    // Images must be smaller than the limit: exactly 5 MB is refused, a byte less is fine, and the
    // good files of a mixed choice still go up.
    act(() =>
      counter.result.current.add([
        makeFile('ok.jpg', 'image/jpeg', 5 * MB - 1),
        makeFile('exact.jpg', 'image/jpeg', 5 * MB),
        makeFile('huge.jpg', 'image/jpeg', 6 * MB),
      ]),
    );
    await waitFor(() =>
      expect(failure).toHaveBeenLastCalledWith(
        'File too large',
        expect.objectContaining({ description: 'Please upload images smaller than 5MB.' }),
      ),
    );
    expect(counter.result.current.items.map((i) => i.fileName)).toEqual(['ok.jpg']);
    expect(server.requests).toHaveLength(1);
  });

  it('accepts an image whose type the system did not report, going by its name', () => {
    const { result } = setup();
    act(() => result.current.add([makeFile('IMG_0001.JPG', '')]));
    expect(server.requests).toHaveLength(1);
  });

  it('keeps to maxFiles and says so', async () => {
    const { result } = setup({ maxFiles: 2 });
    act(() => result.current.add([makeFile('a.jpg', 'image/jpeg')]));
    act(() => result.current.add([makeFile('b.jpg', 'image/jpeg'), makeFile('c.jpg', 'image/jpeg')]));
    expect(result.current.items.map((i) => i.fileName)).toEqual(['a.jpg', 'b.jpg']);
    expect(result.current.canAddMore).toBe(false);
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(
        'Too many images',
        expect.objectContaining({ description: 'You can add up to 2 images.' }),
      ),
    );
  });

  it('marks a failed upload with the server reason, toasts the spec text, and retries it', async () => {
    const { result } = setup({ purpose: 'counter_offer_image' });
    act(() => result.current.add([makeFile('a.jpg', 'image/jpeg')]));
    act(() =>
      server
        .last()
        .respond(400, { error: 'invalid', message: 'The image could not be read. Please try another file.' }),
    );
    await waitFor(() => expect(result.current.items[0]?.status).toBe('error'));
    expect(result.current.items[0]?.error).toBe('The image could not be read. Please try another file.');
    expect(result.current.hasErrors).toBe(true);
    expect(result.current.urls).toEqual([]);
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('Upload failed', {
        description: 'Failed to upload image. Please try again.',
        duration: 8000,
      }),
    );
    expect(success).not.toHaveBeenCalled();

    act(() => result.current.retry(result.current.items[0]!.id));
    expect(server.requests).toHaveLength(2);
    expect(server.last().file?.name).toBe('a.jpg');
    expect(result.current.items[0]).toMatchObject({ status: 'uploading', error: null, progress: 0 });
    const body = uploadedImage();
    act(() => server.last().respond(201, body));
    await waitFor(() => expect(result.current.urls).toEqual([body.url]));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Images uploaded', {
        description: 'Successfully uploaded 1 image(s).',
      }),
    );
  });

  it('removing an image cancels its upload and releases its preview, without a toast', async () => {
    const { result } = setup();
    act(() => result.current.add([makeFile('a.jpg', 'image/jpeg'), makeFile('b.jpg', 'image/jpeg')]));
    const [first, second] = result.current.items;
    act(() => result.current.remove(first!.id));

    expect(server.requests[0]!.isAborted).toBe(true);
    expect(server.revokeObjectURL).toHaveBeenCalledWith(first!.previewUrl);
    expect(result.current.items.map((i) => i.id)).toEqual([second!.id]);

    const body = uploadedImage();
    act(() => server.requests[1]!.respond(201, body));
    await waitFor(() => expect(result.current.urls).toEqual([body.url]));
    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    expect(success).toHaveBeenCalledWith('Images uploaded', {
      description: 'Successfully uploaded 1 image(s).',
    });
    expect(failure).not.toHaveBeenCalled();

    act(() => result.current.remove(second!.id));
    expect(server.revokeObjectURL).toHaveBeenCalledWith(second!.previewUrl);
    expect(result.current.urls).toEqual([]);
  });

  it('starts from saved URLs in edit mode and can be reset to others', () => {
    const { result } = setup({ initialUrls: ['/uploads/savedImage01.jpg'] });
    expect(result.current.urls).toEqual(['/uploads/savedImage01.jpg']);
    expect(result.current.items[0]).toMatchObject({
      status: 'done',
      previewUrl: '/uploads/savedImage01.jpg',
    });

    act(() => result.current.add([makeFile('new.jpg', 'image/jpeg')]));
    const preview = result.current.items[1]!.previewUrl;
    act(() => result.current.reset(['/uploads/savedImage02.jpg', '/uploads/savedImage03.png']));
    expect(server.last().isAborted).toBe(true);
    expect(server.revokeObjectURL).toHaveBeenCalledWith(preview);
    expect(result.current.urls).toEqual(['/uploads/savedImage02.jpg', '/uploads/savedImage03.png']);
    expect(result.current.isUploading).toBe(false);

    act(() => result.current.reset());
    expect(result.current.items).toEqual([]);
  });

  it('cancels uploads and releases previews when the form goes away', () => {
    const { result, unmount } = setup();
    act(() => result.current.add([makeFile('a.jpg', 'image/jpeg')]));
    const preview = result.current.items[0]!.previewUrl;
    unmount();
    expect(server.last().isAborted).toBe(true);
    expect(server.revokeObjectURL).toHaveBeenCalledWith(preview);
  });
});
