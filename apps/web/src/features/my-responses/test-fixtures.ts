import type {
  MyRequestDetail,
  MyResponsesGroup,
  MyResponsesPage,
  RequestResponseSummary,
} from '@grip/domain';
import { makeDetail, makeMyRequest, makeResponseSummary } from '@/features/requests/testing/request-fixtures';
import { makeBadges, makeMe } from '@/test/fixtures';

export { hoursAgo } from '@/features/requests/testing/request-fixtures';

/** An answered request as GET /api/my-responses lists it. */
export function makeAnswered(
  request: Parameters<typeof makeMyRequest>[0] = {},
  responses: RequestResponseSummary[] = [makeResponseSummary()],
): MyRequestDetail {
  return makeDetail(makeMyRequest(request), responses);
}

export { makeResponseSummary };

export function responsesPage(items: MyRequestDetail[], nextCursor: string | null = null): MyResponsesPage {
  return { items, nextCursor };
}

export const groupPath = (group: MyResponsesGroup) => `/api/my-responses?group=${group}&limit=20`;

/** The signed-in customer's session plus the given groups (empty unless given). */
export function myResponsesApi(groups: Partial<Record<MyResponsesGroup, MyResponsesPage>> = {}) {
  return {
    'GET /api/me': { body: makeMe('user') },
    'GET /api/badges': { body: makeBadges() },
    [`GET ${groupPath('new')}`]: { body: groups.new ?? responsesPage([]) },
    [`GET ${groupPath('about_to_expire')}`]: { body: groups.about_to_expire ?? responsesPage([]) },
    [`GET ${groupPath('expired')}`]: { body: groups.expired ?? responsesPage([]) },
  };
}
