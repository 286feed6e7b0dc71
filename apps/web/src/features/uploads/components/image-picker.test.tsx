import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useImageUploads, type UseImageUploadsOptions } from '../hooks/use-image-uploads';
import { installFakeUploads, makeFile, uploadedImage } from '../testing/fake-upload-server';
import { ImagePicker } from './image-picker';

function Form({ options, hint }: { options?: UseImageUploadsOptions; hint?: string }) {
  const uploads = useImageUploads(options);
  return (
    <>
      <ImagePicker uploads={uploads} label="Photos" hint={hint} />
      <button type="submit" disabled={uploads.isUploading}>
        Send
      </button>
      <output data-testid="urls">{uploads.urls.join(' ')}</output>
      <Toaster />
    </>
  );
}

let server: ReturnType<typeof installFakeUploads>;
beforeEach(() => {
  server = installFakeUploads();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

const input = () => screen.getByLabelText('Photos') as HTMLInputElement;
const thumbnails = () =>
  within(screen.getByRole('list', { name: 'Photos: chosen images' })).getAllByRole('listitem');

describe('ImagePicker', () => {
  it('is a labelled, multiple image input with the hint', () => {
    render(
      <Form
        options={{ purpose: 'counter_offer_image' }}
        hint="Max 5MB per image. JPG, PNG, GIF supported."
      />,
    );
    expect(input().type).toBe('file');
    expect(input().accept).toBe('image/*');
    expect(input().multiple).toBe(true);
    expect(input()).toHaveProperty('disabled', false);
    const hint = screen.getByText('Max 5MB per image. JPG, PNG, GIF supported.');
    expect(input().getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.getByText('Choose images')).toBeTruthy();
  });

  it("derives the hint from the purpose's limit when none is given", () => {
    render(<Form options={{ purpose: 'avatar' }} />);
    expect(screen.getByText('Max 2MB per image. JPG, PNG, GIF supported.')).toBeTruthy();
  });

  it('shows each image with its progress until it is uploaded, then the success toast', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.upload(input(), [makeFile('a.jpg', 'image/jpeg'), makeFile('b.png', 'image/png')]);

    expect(thumbnails()).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Image 1' }).getAttribute('src')).toBe('blob:grip-test/1');
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['0', '0']);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Uploading 2 images')).toBeTruthy();

    act(() => server.requests[0]!.progress(30, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading image 1' }).getAttribute('aria-valuenow')).toBe(
      '30',
    );

    const first = uploadedImage();
    const second = uploadedImage();
    act(() => server.requests[0]!.respond(201, first));
    act(() => server.requests[1]!.respond(201, second));
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toHaveLength(0));
    expect(screen.getByTestId('urls').textContent).toBe(`${first.url} ${second.url}`);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
    expect(await screen.findByText('Images uploaded')).toBeTruthy();
    expect(screen.getByText('Successfully uploaded 2 image(s).')).toBeTruthy();
  });

  it('removes an image with its remove button', async () => {
    const user = userEvent.setup();
    render(<Form options={{ initialUrls: ['/uploads/savedImage01.jpg', '/uploads/savedImage02.jpg'] }} />);
    expect(thumbnails()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(thumbnails()).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Image 1' }).getAttribute('src')).toBe(
      '/uploads/savedImage02.jpg',
    );
    expect(screen.getByTestId('urls').textContent).toBe('/uploads/savedImage02.jpg');
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.queryByRole('list', { name: 'Photos: chosen images' })).toBeNull();
  });

  it('shows a failed upload with its reason, and retries it', async () => {
    const user = userEvent.setup();
    render(<Form options={{ purpose: 'counter_offer_image' }} />);
    await user.upload(input(), [makeFile('a.jpg', 'image/jpeg')]);
    act(() =>
      server
        .last()
        .respond(413, { error: 'payload_too_large', message: 'Please upload images smaller than 5MB.' }),
    );

    expect(await screen.findByText('Image 1: Please upload images smaller than 5MB.')).toBeTruthy();
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByText('Failed to upload image. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retry image 1' }));
    expect(screen.getByRole('progressbar', { name: 'Uploading image 1' })).toBeTruthy();
    expect(screen.queryByText(/^Image 1:/)).toBeNull();
    const body = uploadedImage();
    act(() => server.last().respond(201, body));
    await waitFor(() => expect(screen.getByTestId('urls').textContent).toBe(body.url));
  });

  it('toasts the client checks and uploads nothing for refused files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Form options={{ purpose: 'counter_offer_image' }} />);
    await user.upload(input(), [makeFile('notes.txt', 'text/plain')]);
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please upload only image files.')).toBeTruthy();

    await user.upload(input(), [makeFile('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)]);
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('Please upload images smaller than 5MB.')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Photos: chosen images' })).toBeNull();
  });

  it('takes dropped files', () => {
    render(<Form />);
    const area = screen.getByText('Choose images').closest('label')!;
    fireEvent.drop(area, { dataTransfer: { files: [makeFile('dropped.png', 'image/png')] } });
    expect(thumbnails()).toHaveLength(1);
    expect(server.last().file?.name).toBe('dropped.png');
  });

  it('disables choosing more once maxFiles images are there', () => {
    render(<Form options={{ maxFiles: 1, initialUrls: ['/uploads/savedImage01.jpg'] }} />);
    expect(input()).toHaveProperty('disabled', true);
    expect(screen.getByText('1 of 1 images added')).toBeTruthy();
  });
});
