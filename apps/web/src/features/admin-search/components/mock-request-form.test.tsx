import { localIsoDate, MOCK_REQUEST_MESSAGES as F } from '@grip/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { MockRequestForm } from './mock-request-form';

const dayFromToday = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return localIsoDate(d);
};

const created: string[] = [];
const revoked: string[] = [];

beforeEach(() => {
  // Midday: "today" is the same day for the form and for the test's dates, however long a test takes.
  vi.setSystemTime(new Date(2026, 4, 6, 12, 0));
  created.length = 0;
  revoked.length = 0;
  Object.assign(URL, {
    createObjectURL: (file: File) => {
      const url = `blob:preview/${file.name}`;
      created.push(url);
      return url;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function renderForm() {
  const api = mockApi({});
  // The picker's accept="image/*" would drop a PDF before our check sees it; a browser's "All files" would not.
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <Providers queryClient={createTestQueryClient()}>
      <MockRequestForm />
    </Providers>,
  );
  return { api, user, view };
}

const image = (name: string, bytes = 1000, type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });
const submit = () => screen.getByRole('button', { name: 'Preview request' });
const date = () => screen.getByLabelText('Preferred date') as HTMLInputElement;

describe('MockRequestForm', () => {
  it('needs a date and refuses one earlier than now', async () => {
    const { user } = renderForm();
    expect(date().min).toBe(localIsoDate(new Date()));
    await user.click(submit());
    expect(await screen.findByText(F.dateRequired)).toBeTruthy();

    fireEvent.change(date(), { target: { value: dayFromToday(-1) } });
    await user.click(submit());
    expect(await screen.findByText(F.dateInPast)).toBeTruthy();
    expect(date().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Request preview' })).toBeNull();
  });

  it('checks the budget: numbers of 0 or more, the maximum not below the minimum', async () => {
    const { user } = renderForm();
    fireEvent.change(date(), { target: { value: dayFromToday(1) } });
    await user.type(screen.getByLabelText('Minimum budget ($)'), '-5');
    await user.click(submit());
    expect(await screen.findByText(F.budgetInvalid)).toBeTruthy();

    await user.clear(screen.getByLabelText('Minimum budget ($)'));
    await user.type(screen.getByLabelText('Minimum budget ($)'), '300');
    await user.type(screen.getByLabelText('Maximum budget ($)'), '200');
    await user.click(submit());
    expect(await screen.findByText(F.budgetOrder)).toBeTruthy();
  });

  it('previews photos locally, refuses non-images and more than five', async () => {
    const { user } = renderForm();
    const picker = screen.getByLabelText('Photos');
    await user.upload(picker, [
      image('gate.jpg'),
      new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }),
    ]);
    expect(await screen.findByText(`plan.pdf: ${F.photoWrongType}`)).toBeTruthy();
    const chosen = screen.getByRole('list', { name: 'Chosen photos' });
    expect(within(chosen).getByRole('img', { name: 'gate.jpg' }).getAttribute('src')).toBe(
      'blob:preview/gate.jpg',
    );

    await user.upload(picker, [image('huge.jpg', 5 * 1024 * 1024)]);
    expect(await screen.findByText(`huge.jpg: ${F.photoTooLarge}`)).toBeTruthy();

    await user.upload(
      picker,
      ['b', 'c', 'd', 'e', 'f'].map((n) => image(`${n}.png`, 10, 'image/png')),
    );
    expect(await screen.findByText(F.tooManyPhotos)).toBeTruthy();
    expect(within(chosen).getAllByRole('img')).toHaveLength(5);
    expect((picker as HTMLInputElement).disabled).toBe(true);

    await user.click(within(chosen).getByRole('button', { name: 'Remove gate.jpg' }));
    expect(within(chosen).queryByRole('img', { name: 'gate.jpg' })).toBeNull();
    expect(revoked).toEqual(['blob:preview/gate.jpg']);
  });

  it('shows the request as businesses would see it and sends nothing', async () => {
    const { api, user, view } = renderForm();
    const day = dayFromToday(2);
    fireEvent.change(date(), { target: { value: day } });
    await user.selectOptions(screen.getByLabelText('Preferred time'), '14:00');
    await user.type(screen.getByLabelText('Minimum budget ($)'), '100');
    await user.type(screen.getByLabelText('Maximum budget ($)'), '250');
    await user.type(screen.getByLabelText('Description'), 'The side gate sticks.');
    await user.upload(screen.getByLabelText('Photos'), [image('gate.jpg')]);
    await user.click(submit());

    const preview = await screen.findByRole('region', { name: 'Request preview' });
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const month = new Date(y, m - 1, d).toLocaleString('en-US', { month: 'short' });
    expect(preview.textContent).toContain(`${month} ${d}, ${y} at 14:00`);
    expect(preview.textContent).toContain('$100 - $250');
    expect(preview.textContent).toContain('The side gate sticks.');
    expect(within(preview).getByRole('img', { name: 'gate.jpg' })).toBeTruthy();
    expect(within(preview).getByText(F.notSent)).toBeTruthy();
    expect(api.calls).toEqual([]);

    // Changing a field takes the preview away until it is checked again.
    await user.type(screen.getByLabelText('Description'), '!');
    expect(screen.queryByRole('region', { name: 'Request preview' })).toBeNull();

    view.unmount();
    expect(revoked).toEqual(created);
  });
});
