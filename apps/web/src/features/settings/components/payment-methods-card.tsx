import { PRODUCT_NAME } from '@grip/domain';
import { CreditCard } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * Customer Settings, Payment Methods (spec 2 §7: 'a placeholder with no saved methods'). Grip takes
 * no payment (spec 1 §1, PRODUCT-DECISIONS), so there is nothing to add: the card says so in the
 * spec's words rather than offering a form that goes nowhere.
 */
export function PaymentMethodsCard() {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Payment Methods</CardTitle>
        <CardDescription>{PRODUCT_NAME} never asks for your card or bank details.</CardDescription>
      </CardHeader>
      <CardContent>
        <EmptyState
          icon={CreditCard}
          title="No saved payment methods"
          description={`Payment is not taken in ${PRODUCT_NAME}: confirming an offer means agreeing to the quoted price and terms, and payment is processed per the provider's terms. You pay the business directly.`}
        />
      </CardContent>
    </Card>
  );
}
