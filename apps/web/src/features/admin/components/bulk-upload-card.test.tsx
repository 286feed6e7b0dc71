import {
  BULK_UPLOAD_MESSAGES,
  BULK_UPLOAD_PATH,
  BULK_UPLOAD_SAMPLE_CSV,
  BULK_UPLOAD_SAMPLE_FILE_NAME,
} from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { installFakeUploads } from '@/features/uploads/testing/fake-upload-server';
import { createTestQueryClient } from '@/test/render';
import { BulkUploadCard } from './bulk-upload-card';

let uploads: ReturnType<typeof installFakeUploads>;
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  uploads = installFakeUploads();
});

afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCard() {
  // The file input's accept attribute is checked by the card itself, so the test can pick any file.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <Providers queryClient={createTestQueryClient()}>
      <BulkUploadCard />
    </Providers>,
  );
  return { user, input: screen.getByLabelText(BULK_UPLOAD_MESSAGES.chooseFile) as HTMLInputElement };
}

const csvFile = (name = 'businesses.csv') =>
  new File(['email,password\nann@example.com,pw\n'], name, { type: 'text/csv' });

/** jsdom's Blob has no text(); its FileReader reads one. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the blob'));
    reader.readAsText(blob);
  });
}

describe('BulkUploadCard', () => {
  it('uploads the chosen CSV with progress, then shows Completed with errors and every failed row', async () => {
    const { user, input } = renderCard();
    expect(screen.getByRole('heading', { name: BULK_UPLOAD_MESSAGES.cardTitle })).toBeTruthy();
    expect(input.accept).toBe('.csv,text/csv');
    const button = screen.getByRole('button', { name: BULK_UPLOAD_MESSAGES.upload }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    await user.upload(input, csvFile());
    await user.click(button);
    const xhr = uploads.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(BULK_UPLOAD_PATH);
    expect(xhr.file?.name).toBe('businesses.csv');

    xhr.progress(50, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText(`${BULK_UPLOAD_MESSAGES.uploading} 50%`)).toBeTruthy();
    expect(button.getAttribute('aria-busy')).toBe('true');
    xhr.progress(100, 100);
    expect(await screen.findByText(BULK_UPLOAD_MESSAGES.processing)).toBeTruthy();

    xhr.respond(200, {
      created: 3,
      failed: [
        { line: 5, email: 'nobiz@example.com', error: 'Missing business_name' },
        { line: 12, email: 'taken@example.com', error: BULK_UPLOAD_MESSAGES.alreadyRegistered },
      ],
      skipped: 4,
    });
    const summary = await screen.findByRole('status');
    expect(within(summary).getByText(BULK_UPLOAD_MESSAGES.completedWithErrorsTitle)).toBeTruthy();
    expect(
      within(summary).getByText('3 businesses created, 2 rows failed, 4 blank or comment lines skipped.'),
    ).toBeTruthy();
    const list = within(summary).getByRole('list', { name: BULK_UPLOAD_MESSAGES.failedRowsHeading });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Line 5 · nobiz@example.com — Missing business_name',
      `Line 12 · taken@example.com — ${BULK_UPLOAD_MESSAGES.alreadyRegistered}`,
    ]);
    // The toast says the same in the spec's words.
    await waitFor(() =>
      expect(screen.getAllByText(BULK_UPLOAD_MESSAGES.completedWithErrorsTitle)).toHaveLength(2),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(button.disabled).toBe(true);
  });

  it('says Upload Successful with the count when every row was created', async () => {
    const { user, input } = renderCard();
    await user.upload(input, csvFile('BUSINESSES.CSV'));
    await user.click(screen.getByRole('button', { name: BULK_UPLOAD_MESSAGES.upload }));
    uploads.last().respond(200, { created: 1, failed: [], skipped: 0 });
    const summary = await screen.findByRole('status');
    expect(within(summary).getByText('1 business created.')).toBeTruthy();
    expect(within(summary).queryByRole('list')).toBeNull();
  });

  it('refuses a file that is not .csv before sending anything', async () => {
    const { user, input } = renderCard();
    await user.upload(input, new File(['x'], 'businesses.txt', { type: 'text/plain' }));
    expect(await screen.findByText(BULK_UPLOAD_MESSAGES.invalidFileTypeTitle)).toBeTruthy();
    expect((await screen.findAllByText(BULK_UPLOAD_MESSAGES.invalidFileType)).length).toBeGreaterThan(0);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(
      (screen.getByRole('button', { name: BULK_UPLOAD_MESSAGES.upload }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(uploads.requests).toHaveLength(0);
  });

  it('shows No valid businesses found with the reasons, and the spec’s text when the upload fails', async () => {
    const { user, input } = renderCard();
    await user.upload(input, csvFile());
    await user.click(screen.getByRole('button', { name: BULK_UPLOAD_MESSAGES.upload }));
    uploads.last().respond(400, {
      error: 'invalid',
      message: BULK_UPLOAD_MESSAGES.noValidBusinesses,
      failed: [{ line: 2, email: 'ann@example.com', error: 'Missing business_name, service_categories' }],
      skipped: 0,
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(BULK_UPLOAD_MESSAGES.noValidBusinesses)).toBeTruthy();
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'Line 2 · ann@example.com — Missing business_name, service_categories',
    );

    await user.upload(input, csvFile());
    await user.click(screen.getByRole('button', { name: BULK_UPLOAD_MESSAGES.upload }));
    uploads.last().respond(500, { error: 'internal', message: 'Something went wrong on our side.' });
    expect(await screen.findByText(BULK_UPLOAD_MESSAGES.uploadFailedTitle)).toBeTruthy();
    expect((await screen.findAllByText(BULK_UPLOAD_MESSAGES.uploadFailed)).length).toBeGreaterThan(0);
  });

  it('downloads business-upload-sample.csv made from the sample without asking the server', async () => {
    const saved: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const { user } = renderCard();
    await user.click(screen.getByRole('button', { name: BULK_UPLOAD_MESSAGES.downloadSample }));
    expect(saved).toEqual([{ href: 'blob:grip-test/1', download: BULK_UPLOAD_SAMPLE_FILE_NAME }]);
    const blob = uploads.createObjectURL.mock.calls[0]![0];
    expect(await readText(blob)).toBe(BULK_UPLOAD_SAMPLE_CSV);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    await waitFor(() => expect(uploads.revokeObjectURL).toHaveBeenCalledWith('blob:grip-test/1'));
    expect(uploads.requests).toHaveLength(0);
  });
});
