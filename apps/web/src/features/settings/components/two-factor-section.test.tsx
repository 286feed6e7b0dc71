import { SECURITY_MESSAGES, TWO_FACTOR_MESSAGES, type AccountSecurity } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { SecurityCard } from './security-card';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const TOTP_URI = `otpauth://totp/Grip:sam%40example.com?secret=${SECRET}&issuer=Grip&digits=6&period=30`;
const BACKUP_CODES = ['aaaaa-11111', 'bbbbb-22222', 'ccccc-33333'];

function security(overrides: Partial<AccountSecurity> = {}): AccountSecurity {
  return {
    hasPassword: true,
    twoFactorEnabled: false,
    sessions: [
      {
        id: 's-here',
        isCurrent: true,
        device: 'Firefox on Linux',
        ipAddress: null,
        createdAt: '2026-11-20T10:00:00.000Z',
        lastActiveAt: '2026-11-24T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

function renderCard() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <SecurityCard />
    </Providers>,
  );
  return { user };
}

const wrongPassword = { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } };

// Whole journeys typed key by key: slower than one assertion on a busy machine.
describe('two-factor authentication in Settings → Security', () => {
  it('turns on: password, QR code and key, a wrong then a right code, then the backup codes once', async () => {
    let isOn = false;
    const api = mockApi({
      'GET /api/me/security': () => ({ body: security({ twoFactorEnabled: isOn }) }),
      'POST /api/auth/two-factor/enable': (call) =>
        (call.body as { password: string }).password === 'right-one-1'
          ? { body: { method: 'totp', totpURI: TOTP_URI, backupCodes: BACKUP_CODES } }
          : wrongPassword,
      'POST /api/auth/two-factor/verify-totp': (call) => {
        if ((call.body as { code: string }).code !== '123456') {
          return { status: 401, body: { code: 'INVALID_CODE', message: 'Invalid code' } };
        }
        isOn = true;
        return { body: { token: 't' } };
      },
    });
    const { user } = renderCard();
    const toggle = await screen.findByRole('switch', { name: TWO_FACTOR_MESSAGES.title });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(TWO_FACTOR_MESSAGES.isOff)).toBeTruthy();

    // Keyboard all the way: the switch is a button, so Enter opens the dialog.
    toggle.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' });
    const password = within(dialog).getByLabelText('Current password');
    expect(document.activeElement).toBe(password);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.passwordRequired)).toBeTruthy();
    await user.type(password, 'wrong-one-1{Enter}');
    expect(await within(dialog).findByText(SECURITY_MESSAGES.currentPasswordWrong)).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'right-one-1{Enter}');

    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect((within(dialog).getByLabelText('Setup key') as HTMLInputElement).value.replace(/\s/g, '')).toBe(
      SECRET,
    );
    const code = within(dialog).getByLabelText('6-digit code');
    expect(document.activeElement).toBe(code);
    await user.type(code, '12345{Enter}');
    expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeTruthy();
    await user.clear(code);
    await user.type(code, '654321{Enter}');
    expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeWrong)).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.type(code, '123 456{Enter}');

    const saved = await screen.findByRole('dialog', { name: 'Save your backup codes' });
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.enabled)).toBeTruthy();
    const codes = within(saved).getByRole('list', { name: 'Backup codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(BACKUP_CODES);
    expect(within(saved).getByText(TWO_FACTOR_MESSAGES.backupCodesAdvice)).toBeTruthy();
    await user.click(within(saved).getByRole('button', { name: 'Copy backup codes' }));
    expect(await navigator.clipboard.readText()).toBe(BACKUP_CODES.join('\n'));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.backupCodesCopied)).toBeTruthy();

    await user.click(within(saved).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText(TWO_FACTOR_MESSAGES.isOn)).toBeTruthy();
    // Focus goes back to the switch; the codes are not shown again.
    expect(document.activeElement).toBe(toggle);
    expect(screen.queryByText(BACKUP_CODES[0]!)).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/auth/two-factor/verify-totp').at(-1)?.body).toEqual({
      code: '123456',
    });
  });

  it('closing before a code is confirmed leaves it off, and Escape returns focus to the switch', async () => {
    mockApi({
      'GET /api/me/security': { body: security() },
      'POST /api/auth/two-factor/enable': {
        body: { method: 'totp', totpURI: TOTP_URI, backupCodes: BACKUP_CODES },
      },
    });
    const { user } = renderCard();
    const toggle = await screen.findByRole('switch', { name: TWO_FACTOR_MESSAGES.title });
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' });
    await user.type(within(dialog).getByLabelText('Current password'), 'right-one-1{Enter}');
    await within(dialog).findByLabelText('6-digit code');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('turns off with the password after saying what changes', async () => {
    let isOn = true;
    let attempts = 0;
    const api = mockApi({
      'GET /api/me/security': () => ({ body: security({ twoFactorEnabled: isOn }) }),
      'POST /api/auth/two-factor/disable': () => {
        attempts += 1;
        if (attempts === 1) return wrongPassword;
        isOn = false;
        return { body: { status: true } };
      },
    });
    const { user } = renderCard();
    const toggle = await screen.findByRole('switch', { name: TWO_FACTOR_MESSAGES.title });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    expect(within(dialog).getByText(/Signing in will ask only for your password/)).toBeTruthy();
    const password = within(dialog).getByLabelText('Current password');
    await user.type(password, 'wrong-one-1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(SECURITY_MESSAGES.currentPasswordWrong)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'right-one-1');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.disabled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(document.activeElement).toBe(toggle);
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ password: 'right-one-1' });
  });

  it('says plainly that a Google-only account cannot turn it on, with no switch to flip', async () => {
    mockApi({ 'GET /api/me/security': { body: security({ hasPassword: false }) } });
    renderCard();
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.noPassword)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
