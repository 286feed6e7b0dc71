import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetThemeForTests, THEME_STORAGE_KEY } from '@/lib/theme';
import { AppearanceCard } from './appearance-card';

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
  localStorage.removeItem(THEME_STORAGE_KEY);
  resetThemeForTests();
});

const html = () => document.documentElement;
const checked = () => screen.getByRole('radio', { checked: true });

describe('AppearanceCard', () => {
  it('offers System, Light and Dark as one labelled choice, System by default', () => {
    render(<AppearanceCard />);
    expect(screen.getByRole('heading', { name: 'Appearance' })).toBeTruthy();
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['System', 'Light', 'Dark']);
    expect(checked().textContent).toBe('System');
  });

  it('switches the page to Dark when Dark is clicked, and keeps it on this device', async () => {
    const user = userEvent.setup();
    render(<AppearanceCard />);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(checked().textContent).toBe('Dark');
    expect(html().dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('shows the choice stored on this device', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    render(<AppearanceCard />);
    expect(checked().textContent).toBe('Light');
  });

  it('is used with the keyboard: arrow keys move the choice, System clears it', async () => {
    const user = userEvent.setup();
    render(<AppearanceCard />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'System' }));
    // A quick press (down and up before focus moves, a timer later) checks the choice it lands on.
    const press = async (check: () => void) => {
      await user.keyboard('{ArrowRight}');
      await waitFor(check);
    };
    await press(() => expect(checked().textContent).toBe('Light'));
    expect(html().dataset.theme).toBe('light');
    await press(() => expect(checked().textContent).toBe('Dark'));
    expect(html().dataset.theme).toBe('dark');
    await press(() => expect(checked().textContent).toBe('System'));
    expect(html().hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });
});
