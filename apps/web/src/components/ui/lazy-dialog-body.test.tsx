import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from './dialog';
import { LazyDialogBody } from './lazy-dialog-body';

function Form() {
  return (
    <form>
      <DialogHeader>
        <DialogTitle>Report</DialogTitle>
      </DialogHeader>
      <label>
        Reason
        <select>
          <option>Spam</option>
        </select>
      </label>
      <button type="submit">Send</button>
    </form>
  );
}

describe('a dialog whose form loads on first opening', () => {
  it('shows its title and a loading state, then the form with focus on the first field', async () => {
    let arrive!: () => void;
    const code = new Promise<{ default: typeof Form }>((resolve) => {
      arrive = () => resolve({ default: Form });
    });
    const LazyForm = lazy(() => code);
    render(
      <Dialog open>
        <DialogContent>
          <LazyDialogBody title="Report">
            <LazyForm />
          </LazyDialogBody>
        </DialogContent>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Report' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByLabelText('Reason')).toBeNull();

    await act(async () => {
      arrive();
      await code;
    });
    const reason = await screen.findByLabelText('Reason');
    expect(screen.queryByTestId('dialog-loading')).toBeNull();
    expect(document.activeElement).toBe(reason);
  });
});
