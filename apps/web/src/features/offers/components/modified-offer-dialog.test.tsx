import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HOURLY_TIMES } from '@grip/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeUploads, makeFile, uploadedImage } from '@/features/uploads/testing/fake-upload-server';
import { mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { makeOffer } from '../testing/offer-fixtures';
import { renderOfferDialog } from '../testing/render-offer-dialog';

const OFFER = '/api/offers/resp1';
const counterOffers = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === `${OFFER}/counter-offer`);

function setup(reply: Reply = { body: { id: 'resp1', status: 'pending' } }) {
  return mockApi({
    [`GET ${OFFER}`]: { body: makeOffer() },
    [`POST ${OFFER}/view`]: { status: 204 },
    [`POST ${OFFER}/counter-offer`]: reply,
  });
}

async function openModify(userOptions: { applyAccept?: boolean } = {}) {
  const view = renderOfferDialog('resp1', userOptions);
  await view.user.click(screen.getByRole('button', { name: 'Open offer' }));
  const detail = await screen.findByRole('dialog', { name: 'Drip Fix Plumbing' });
  await view.user.click(within(detail).getByRole('button', { name: /Modify Request/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Modified Offer' });
  return { ...view, dialog, send: () => within(dialog).getByRole('button', { name: 'Send Modified Offer' }) };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('Modified Offer dialog', () => {
  it('shows the current offer and keeps Send disabled until there is a price', async () => {
    const { calls } = setup();
    const { dialog, user, send } = await openModify();
    const current = within(dialog).getByRole('region', { name: 'Current offer' });
    expect(within(current).getByText('$80/hr')).toBeTruthy();
    expect(within(current).getByText('May 5, 2026 at 09:30')).toBeTruthy();

    const time = within(dialog).getByLabelText('Preferred time') as HTMLSelectElement;
    expect(Array.from(time.options).map((o) => o.text)).toEqual(['No preference', ...HOURLY_TIMES]);
    const flexibility = within(dialog).getByLabelText('Time flexibility') as HTMLSelectElement;
    expect(Array.from(flexibility.options).map((o) => o.text)).toEqual([
      'No preference',
      'This exact time',
      'Within 2 hours',
      'Within 4 hours',
      'Flexible',
    ]);
    expect(within(dialog).getByText('Max 5MB per image. JPG, PNG, GIF supported.')).toBeTruthy();
    const date = within(dialog).getByLabelText('Preferred date (optional)') as HTMLInputElement;
    expect(date.min).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(send().hasAttribute('disabled')).toBe(true);
    const price = within(dialog).getByLabelText('Your price ($)');
    await user.type(price, '   ');
    expect(send().hasAttribute('disabled')).toBe(true);
    await user.clear(price);
    await user.type(price, '65');
    expect(send().hasAttribute('disabled')).toBe(false);
    await user.clear(price);
    expect(send().hasAttribute('disabled')).toBe(true);
    expect(counterOffers(calls)).toHaveLength(0);
  });

  it('refuses a preferred date in the past', async () => {
    const { calls } = setup();
    const { dialog, user, send } = await openModify();
    await user.type(within(dialog).getByLabelText('Your price ($)'), '65');
    fireEvent.change(within(dialog).getByLabelText('Preferred date (optional)'), {
      target: { value: '2020-01-01' },
    });
    await user.click(send());
    expect(await within(dialog).findByText('The preferred date cannot be in the past')).toBeTruthy();
    expect(within(dialog).getByLabelText('Preferred date (optional)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(counterOffers(calls)).toHaveLength(0);
  });

  it('sends the price, date, time, flexibility and message, then toasts and closes', async () => {
    const { calls } = setup();
    const { dialog, user, send } = await openModify();
    await user.type(within(dialog).getByLabelText('Your price ($)'), '65.5');
    fireEvent.change(within(dialog).getByLabelText('Preferred date (optional)'), {
      target: { value: '2099-01-15' },
    });
    await user.selectOptions(within(dialog).getByLabelText('Preferred time'), '14:00');
    await user.selectOptions(within(dialog).getByLabelText('Time flexibility'), 'within_2_hours');
    await user.type(within(dialog).getByLabelText('Message (optional)'), '  Could you do Saturday?  ');
    await user.click(send());

    expect(await screen.findByText('Counter Offer Sent')).toBeTruthy();
    expect(screen.getByText('Your modified offer has been sent to the business.')).toBeTruthy();
    expect(counterOffers(calls).map((c) => c.body)).toEqual([
      {
        quotedPrice: 65.5,
        preferredDate: '2099-01-15',
        preferredTime: '14:00',
        timeFlexibility: 'within_2_hours',
        message: 'Could you do Saturday?',
        images: [],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Modified Offer' })).toBeNull());
    // The Response detail stays open for the reply.
    expect(screen.getByRole('dialog', { name: 'Drip Fix Plumbing' })).toBeTruthy();
  });

  it('sends only the price when nothing else is chosen', async () => {
    const { calls } = setup();
    const { dialog, user, send } = await openModify();
    await user.type(within(dialog).getByLabelText('Your price ($)'), '70');
    await user.click(send());
    await screen.findByText('Counter Offer Sent');
    expect(counterOffers(calls)[0]?.body).toEqual({
      quotedPrice: 70,
      preferredDate: null,
      preferredTime: null,
      timeFlexibility: null,
      message: null,
      images: [],
    });
  });

  it('uploads images as counter_offer_image, can remove one, and says "with images"', async () => {
    const server = installFakeUploads();
    const { calls } = setup();
    const { dialog, user, send } = await openModify();
    await user.type(within(dialog).getByLabelText('Your price ($)'), '65');
    const picker = within(dialog).getByLabelText('Images (optional)');
    await user.upload(picker, [makeFile('a.jpg', 'image/jpeg'), makeFile('b.png', 'image/png')]);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/uploads?purpose=counter_offer_image',
      '/api/uploads?purpose=counter_offer_image',
    ]);
    // Uploading: nothing can be sent yet.
    expect(send().hasAttribute('disabled')).toBe(true);
    const first = uploadedImage();
    const second = uploadedImage();
    act(() => server.requests[0]!.respond(201, first));
    act(() => server.requests[1]!.respond(201, second));
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(false));

    await user.click(within(dialog).getByRole('button', { name: 'Remove image 1' }));
    await user.click(send());
    expect(
      await screen.findByText('Your modified offer has been sent to the business with images.'),
    ).toBeTruthy();
    expect((counterOffers(calls)[0]?.body as { images: string[] }).images).toEqual([second.url]);
  });

  it("refuses non-images and images over 5MB with the spec's words", async () => {
    const server = installFakeUploads();
    setup();
    const { dialog, user } = await openModify({ applyAccept: false });
    const picker = within(dialog).getByLabelText('Images (optional)');
    await user.upload(picker, [makeFile('notes.txt', 'text/plain')]);
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please upload only image files.')).toBeTruthy();
    // "Smaller than 5 MB": a file of exactly 5 MB is refused too.
    await user.upload(picker, [makeFile('big.jpg', 'image/jpeg', 5 * 1024 * 1024)]);
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(screen.getByText('Please upload images smaller than 5MB.')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
    await user.upload(picker, [makeFile('fits.jpg', 'image/jpeg', 5 * 1024 * 1024 - 1)]);
    await waitFor(() => expect(server.requests).toHaveLength(1));
  });

  it("puts a 400's field errors under the fields and keeps the form open", async () => {
    const { calls } = setup({
      status: 400,
      body: {
        error: 'validation_error',
        message: 'Please check the highlighted fields.',
        fields: { quotedPrice: 'Price must be greater than 0' },
      },
    });
    const { dialog, user, send } = await openModify();
    await user.type(within(dialog).getByLabelText('Your price ($)'), '65');
    await user.click(send());
    expect(await within(dialog).findByText('Price must be greater than 0')).toBeTruthy();
    expect(await screen.findByText('Please check the highlighted fields.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Modified Offer' })).toBeTruthy();
    expect(counterOffers(calls)).toHaveLength(1);
  });

  it("shows the spec's failure text when sending fails", async () => {
    setup({ status: 502, body: null });
    const { dialog, user, send } = await openModify();
    await user.type(within(dialog).getByLabelText('Your price ($)'), '65');
    await user.click(send());
    expect(await screen.findByText('Failed to send counter offer. Please try again.')).toBeTruthy();
  });
});
