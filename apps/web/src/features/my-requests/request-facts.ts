import {
  canEditRequest,
  canResubmit,
  requestDisplayStatus,
  type MyRequest,
  type RequestDisplayStatus,
  type RequestStatusFacts,
} from '@grip/domain';

/** The domain's status facts of a request as the API sends it (the rules themselves live in domain). */
export function statusFactsOf(request: MyRequest): RequestStatusFacts {
  return {
    status: request.status,
    acceptedCompletionStatus: request.acceptedCompletionStatus,
    hasAcceptedResponse: request.hasAcceptedResponse,
    latestActivityAt: new Date(request.latestActivityAt),
  };
}

export function displayStatusOf(request: MyRequest, now: Date): RequestDisplayStatus {
  return requestDisplayStatus(statusFactsOf(request), now);
}

/** Which request actions to offer; the server checks again (the UI only mirrors the rules). */
export function requestActionsOf(request: MyRequest, now: Date) {
  const facts = statusFactsOf(request);
  return {
    canEdit: request.archivedAt === null && canEditRequest(facts),
    canResubmit: request.archivedAt === null && canResubmit(facts, now),
    canArchive: request.archivedAt === null,
    canRestore: request.archivedAt !== null,
  };
}
