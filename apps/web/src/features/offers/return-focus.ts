/**
 * Focus for a dialog opened from a button inside another dialog (Radix's onCloseAutoFocus): back on
 * that button when it closes, or, when the button is now disabled (the action locked it), on the
 * surrounding dialog, so focus never falls out of the dialog the customer is still in.
 */
export function returnFocusTo(triggerId: string) {
  return (event: Event) => {
    event.preventDefault();
    const trigger = document.getElementById(triggerId);
    if (!(trigger instanceof HTMLButtonElement)) return;
    if (!trigger.disabled) trigger.focus();
    else trigger.closest<HTMLElement>('[role="dialog"]')?.focus();
  };
}
