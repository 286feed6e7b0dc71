import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentMethodsCard } from './payment-methods-card';

describe('Customer Settings → Payment Methods', () => {
  it('says plainly there are no saved methods and that Grip takes no payment, offering nothing to fill in', () => {
    render(<PaymentMethodsCard />);
    const region = screen.getByRole('region', { name: 'Payment Methods' });
    expect(within(region).getByText('No saved payment methods')).toBeTruthy();
    // Spec 1 §1: payment is not taken; confirming means agreeing to the quoted price and terms.
    expect(region.textContent).toContain('Payment is not taken in Grip');
    expect(region.textContent).toContain('confirming an offer means agreeing to the quoted price and terms');
    expect(region.textContent).toContain("payment is processed per the provider's terms");
    expect(within(region).queryAllByRole('button')).toHaveLength(0);
    expect(within(region).queryAllByRole('textbox')).toHaveLength(0);
  });
});
