import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { zoomIn, zoomOut, ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN } from '../image-zoom';
import { ImageGallery } from './image-gallery';

const IMAGES = ['/uploads/proof0001.jpg', '/uploads/proof0002.jpg'];

async function openViewer(images = IMAGES, index = 0) {
  const user = userEvent.setup();
  render(<ImageGallery images={images} title="Proof of work" />);
  const thumbnail = screen.getAllByRole('button', { name: /Proof of work/ })[index]!;
  await user.click(thumbnail);
  const viewer = await screen.findByRole('dialog');
  const level = () => within(viewer).getByLabelText('Zoom level').textContent;
  const button = (name: string | RegExp) => within(viewer).getByRole('button', { name });
  return { user, viewer, thumbnail, level, button };
}

describe('zoom steps', () => {
  it('moves 25% at a time between 50% and 300%', () => {
    expect(zoomIn(ZOOM_DEFAULT)).toBe(125);
    expect(zoomOut(ZOOM_DEFAULT)).toBe(75);
    expect(zoomIn(ZOOM_MAX)).toBe(300);
    expect(zoomIn(290)).toBe(300);
    expect(zoomOut(ZOOM_MIN)).toBe(50);
    expect(zoomOut(60)).toBe(50);
  });
});

describe('ImageViewer', () => {
  it('zooms with the buttons, clamping at 300% and 50%, and resets', async () => {
    const { user, level, button } = await openViewer();
    expect(level()).toBe('100%');
    for (let i = 0; i < 10; i += 1) {
      if (button('Zoom in').getAttribute('aria-disabled') === 'true') break;
      await user.click(button('Zoom in'));
    }
    expect(level()).toBe('300%');
    expect(button('Zoom in').getAttribute('aria-disabled')).toBe('true');
    await user.click(button('Zoom in'));
    expect(level()).toBe('300%');
    await user.click(button(/Reset/));
    expect(level()).toBe('100%');
    await user.click(button('Zoom out'));
    await user.click(button('Zoom out'));
    expect(level()).toBe('50%');
    expect(button('Zoom out').getAttribute('aria-disabled')).toBe('true');
    expect(button('Zoom in').getAttribute('aria-disabled')).toBe('false');
  });

  it('zooms with + / - / 0 on the keyboard, within the same limits', async () => {
    const { user, level } = await openViewer();
    await user.keyboard('+');
    expect(level()).toBe('125%');
    await user.keyboard('++++++++++');
    expect(level()).toBe('300%');
    await user.keyboard('0');
    expect(level()).toBe('100%');
    await user.keyboard('-----');
    expect(level()).toBe('50%');
    await user.keyboard('=');
    expect(level()).toBe('75%');
  });

  it('offers Download of the image shown and moves between images, each starting at 100%', async () => {
    const { user, viewer, level, button } = await openViewer();
    expect(within(viewer).getByRole('heading', { name: 'Proof of work: image 1 of 2' })).toBeTruthy();
    const download = within(viewer).getByRole('link', { name: /Download/ });
    expect(download.getAttribute('href')).toBe(IMAGES[0]);
    expect(download.hasAttribute('download')).toBe(true);
    await user.click(button('Zoom in'));
    await user.click(button('Next image'));
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe(IMAGES[1]);
    expect(level()).toBe('100%');
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe(IMAGES[0]);
  });

  it('closes with Close or Esc and gives focus back to the thumbnail', async () => {
    const { user, thumbnail, button } = await openViewer(IMAGES, 1);
    await user.click(button(/Close/));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(thumbnail);

    await user.click(thumbnail);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(thumbnail);
  });
});
