/** The words of the request lifecycle's refusals (lifecycles/request.ts). */
export const REQUEST_REFUSALS = {
  notEditable: 'This request can no longer be edited: a quote for it has been accepted.',
  notResubmittable: 'This request is still open and active, so there is nothing to resubmit.',
  /** Grip's own consequences (assign, complete, reopen) find the request in another state: it changed meanwhile. */
  changedMeanwhile: 'This request changed meanwhile. Please reload it and try again.',
} as const;
