import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineAlert } from './offline-alert';

const TEXT = "You're offline. Some features may be limited.";

function setOnline(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
}

describe('OfflineAlert', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is hidden while online', () => {
    setOnline(true);
    render(<OfflineAlert />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('appears on the offline event and goes away on the online event', () => {
    setOnline(true);
    render(<OfflineAlert />);
    act(() => {
      setOnline(false);
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('alert').textContent).toBe(TEXT);
    act(() => {
      setOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
