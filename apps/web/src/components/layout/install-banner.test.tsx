import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSTALL_BANNER } from '@grip/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startInstallPrompt } from '@/lib/install-prompt';
import { InstallBanner } from './install-banner';

/** What Chromium fires when the app can be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

/** The person starts using the page: the banner waits for it. */
function engage() {
  act(() => {
    fireEvent.keyDown(document.body, { key: 'Tab' });
  });
}

beforeEach(() => {
  localStorage.clear();
  startInstallPrompt(); // a fresh page: no offer yet, not installed
});

describe('InstallBanner', () => {
  it('stays hidden until the browser offers to install', () => {
    render(<InstallBanner />);
    expect(screen.queryByText(INSTALL_BANNER.title)).toBeNull();
  });

  it('waits for the first tap, key or scroll before showing', () => {
    render(<InstallBanner />);
    offerInstall();
    expect(screen.queryByText(INSTALL_BANNER.title)).toBeNull();
    act(() => {
      fireEvent.scroll(window);
    });
    expect(screen.getByRole('region', { name: INSTALL_BANNER.title })).toBeTruthy();
  });

  it('shows the spec texts, keeps the browser prompt for later, and installs on Install', async () => {
    render(<InstallBanner />);
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    engage();
    expect(screen.getByRole('region', { name: INSTALL_BANNER.title })).toBeTruthy();
    expect(screen.getByText(INSTALL_BANNER.text)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: INSTALL_BANNER.install }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByText(INSTALL_BANNER.title)).toBeNull();
  });

  it('hides after Not now and stays hidden on the next visit', async () => {
    const first = render(<InstallBanner />);
    offerInstall();
    engage();
    await userEvent.click(screen.getByRole('button', { name: INSTALL_BANNER.dismiss }));
    expect(screen.queryByText(INSTALL_BANNER.title)).toBeNull();
    expect(localStorage.getItem('grip:install-dismissed-at')).not.toBeNull();
    first.unmount();

    render(<InstallBanner />);
    offerInstall();
    engage();
    expect(screen.queryByText(INSTALL_BANNER.title)).toBeNull();
  });

  it('hides for good once the app is installed', () => {
    render(<InstallBanner />);
    offerInstall();
    engage();
    expect(screen.getByRole('region', { name: INSTALL_BANNER.title })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByText(INSTALL_BANNER.title)).toBeNull();
    offerInstall();
    expect(screen.queryByText(INSTALL_BANNER.title)).toBeNull();
  });
});
