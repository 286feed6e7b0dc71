import { PRODUCT_NAME, resolveServiceParam, TAGLINE, type CreatedRequest } from '@grip/domain';
import { ArrowLeft, ClipboardList } from 'lucide-react';
import { Suspense, useState } from 'react';
import { preloadable } from '@/lib/preloadable';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';
import { Skeleton } from '@/components/ui/skeleton';
import { FullPageSpinner } from '@/components/ui/spinner';
import { AssistantChat } from '@/features/assistant/components/assistant-chat';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { ReviewGate } from '@/features/reviews/components/review-gate';
import { useReviewGate } from '@/features/reviews/use-review-gate';
import { DiscoverBusinesses } from './discover-businesses';
import type { Prefill } from './request-modes';
import { UpcomingBookings } from './upcoming-bookings';

// The form and what follows it load when the customer leaves the chat: the home's first paint does not
// wait for the form's validation, location and upload code (the service worker has it cached by then).
const RequestModes = preloadable('request-modes', () => import('./request-modes'));
// An administrator's home is the business search: a customer's home never loads its code.
const AdminBusinessSearch = preloadable('admin business search', () =>
  import('@/features/admin-search/components/admin-business-search').then((m) => ({
    default: m.AdminBusinessSearch,
  })),
);

/** The home's modes (spec 2 §4): chat, then categories, then form, then confirmation; responses after. */
export type HomeMode = 'chat' | 'categories' | 'form' | 'confirmation' | 'responses';

const BACK_TO: Record<HomeMode, HomeMode> = {
  responses: 'form',
  form: 'categories',
  categories: 'chat',
  confirmation: 'chat',
  chat: 'chat',
};

const HEADINGS: Record<HomeMode, string> = {
  chat: 'Home',
  categories: 'Choose a category',
  form: 'Request a service',
  confirmation: 'Request submitted',
  responses: 'Responses',
};

/**
 * The customer home (/ and /home). The query parameters edit=, service= and direct=true open the form
 * straight away; they are read at each render so a Book Now link on the home itself works too.
 * While the review gate holds (spec 2 §4) every way to a new request is hidden and the home shows the
 * gate instead; editing an existing request stays possible.
 */
export function CustomerHome() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const serviceParam = params.get('service');
  const hireAgainId = serviceParam ? params.get('hireAgain') : null;
  const isDirect = params.get('direct') === 'true';
  const fromUrl = Boolean(editId || serviceParam || isDirect);
  const isAdministrator = me.profile.role === 'administrator';
  const reviewGate = useReviewGate(me.profile.role === 'user');
  const gated = reviewGate.isGated && !editId;

  const [state, setState] = useState<{ mode: HomeMode; prefill: Prefill; created: CreatedRequest | null }>({
    mode: 'chat',
    prefill: {},
    created: null,
  });
  const mode: HomeMode = gated ? 'chat' : fromUrl ? 'form' : state.mode;
  const prefill: Prefill = serviceParam ? (resolveServiceParam(serviceParam) ?? {}) : state.prefill;

  const go = (next: Partial<typeof state>) => {
    setState((s) => ({ ...s, ...next }));
    if (fromUrl) setParams({}, { replace: true });
  };
  const back = () => {
    // Editing came from My Requests: going back returns there.
    if (editId) return void navigate('/requests');
    go({ mode: BACK_TO[mode], prefill: mode === 'form' ? prefill : state.prefill });
  };
  const openForm = (next: Prefill) => go({ mode: next.serviceType ? 'form' : 'categories', prefill: next });
  const submitted = (created: CreatedRequest) => go({ mode: 'confirmation', created });

  const firstName = (me.profile.displayName || me.user.name).split(/\s+/)[0];

  if (mode === 'chat') {
    return (
      <div className="grid gap-8 pb-6">
        <title>{`Home | ${PRODUCT_NAME}`}</title>
        <section className="grid justify-items-center gap-3 text-center" aria-labelledby="home-heading">
          <LogoMark className="size-12" />
          <h1 id="home-heading" className="text-2xl font-bold tracking-tight">
            {firstName ? `Hi ${firstName}, what do you need done?` : 'What do you need done?'}
          </h1>
          <p className="text-muted-foreground">{TAGLINE}</p>
        </section>
        {/* Below the greeting, in the place of the assistant it stands for. Until the list of pending
            reviews answers, neither the gate nor the assistant and the sections under them are drawn:
            whichever came first would be pushed about by the other (layout shift, docs/performance.md). */}
        {!reviewGate.isKnown ? (
          <div role="status" className="grid gap-4">
            <span className="sr-only">Loading your home</span>
            <Skeleton className="h-64 w-full rounded-lg" />
          </div>
        ) : gated ? (
          <ReviewGate items={reviewGate.items} />
        ) : null}
        {!reviewGate.isKnown ? null : isAdministrator ? (
          <Suspense fallback={<Skeleton className="h-64 w-full rounded-lg" />}>
            <AdminBusinessSearch />
          </Suspense>
        ) : (
          <>
            {gated ? null : (
              <>
                <AssistantChat variant="customer" onOpenForm={openForm} onSubmitted={submitted} />
                <div className="flex flex-wrap justify-center gap-2">
                  {/* Wraps on the narrowest phones (360 px) instead of pushing the page sideways. */}
                  <Button
                    size="lg"
                    className="h-auto min-h-12 py-2 whitespace-normal"
                    onClick={() => go({ mode: 'form', prefill: {} })}
                  >
                    <ClipboardList aria-hidden="true" className="size-5" />I know what I need - Request Now
                  </Button>
                  <Link to="/?direct=true" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
                    Book Now
                  </Link>
                </div>
              </>
            )}
            <UpcomingBookings />
          </>
        )}
        {/* Its cards' Book Now buttons start a request too: not for administrators (spec 2 §6). */}
        {gated || isAdministrator || !reviewGate.isKnown ? null : <DiscoverBusinesses />}
      </div>
    );
  }

  return (
    <div className="grid gap-5 pb-6">
      <title>{`${HEADINGS[mode]} | ${PRODUCT_NAME}`}</title>
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" className="-ml-2" aria-label="Back" onClick={back}>
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Button>
        <h1 className="text-2xl font-bold tracking-tight">{editId ? 'Edit request' : HEADINGS[mode]}</h1>
      </div>
      <Suspense fallback={<FullPageSpinner />}>
        <RequestModes
          mode={mode}
          editId={editId}
          prefill={prefill}
          hireAgainId={hireAgainId}
          created={state.created}
          go={go}
          onSubmitted={submitted}
        />
      </Suspense>
    </div>
  );
}
