/** Settings: the account's private calendar feed URL, created, reset or turned off (issue 32). */
export function CalendarFeedCard() {
  return null;
}
