import type { CreatedRequest } from '@grip/domain';
import { Button } from '@/components/ui/button';
import type { HomeMode } from './customer-home';
import { CategoryGrid } from './category-grid';
import { ConfirmationView } from './confirmation-view';
import { EditRequestForm } from './edit-request-form';
import { LatestResponses } from './latest-responses';
import { NewRequestForm } from './new-request-form';

export interface Prefill {
  serviceType?: string;
  serviceSubtype?: string | null;
}

interface RequestModesProps {
  mode: Exclude<HomeMode, 'chat'>;
  editId: string | null;
  prefill: Prefill;
  hireAgainId: string | null;
  created: CreatedRequest | null;
  go: (next: { mode: HomeMode; prefill?: Prefill; created?: CreatedRequest | null }) => void;
  onSubmitted: (created: CreatedRequest) => void;
}

/**
 * The home's modes after the chat: categories, the request form, the confirmation, the responses.
 * A module of its own, loaded when the customer leaves the chat (the service worker has precached it),
 * so the form's code (validation, location, uploads) is not in the home's first load.
 */
export default function RequestModes({
  mode,
  editId,
  prefill,
  hireAgainId,
  created,
  go,
  onSubmitted,
}: RequestModesProps) {
  if (mode === 'categories') {
    return <CategoryGrid onPick={(category) => go({ mode: 'form', prefill: { serviceType: category } })} />;
  }
  if (mode === 'form') {
    return editId ? (
      <EditRequestForm requestId={editId} />
    ) : (
      <NewRequestForm prefill={prefill} hireAgainResponseId={hireAgainId} onSubmitted={onSubmitted} />
    );
  }
  if (mode === 'confirmation' && created) {
    return (
      <ConfirmationView
        created={created}
        onSeeResponses={() => go({ mode: 'responses' })}
        onNewRequest={() => go({ mode: 'form', prefill: {}, created: null })}
      />
    );
  }
  if (mode === 'responses' && created) return <LatestResponses requestId={created.id} />;
  return (
    <p className="text-muted-foreground">
      Nothing to show here yet.{' '}
      <Button variant="link" onClick={() => go({ mode: 'chat' })}>
        Back to home
      </Button>
    </p>
  );
}
