import type { Profile } from '@grip/domain';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { missingBusinessProfileItems, type MissingProfileItem } from '@/lib/business-profile';

const ITEM_NAMES: Record<MissingProfileItem, string> = {
  notification_email: 'notification email',
  service_categories: 'service categories',
  business_name: 'business name',
};

/** Spec 3 §2 warnings; the business-name sentence is ours (the spec lists the item without words). */
const WARNINGS: Record<MissingProfileItem, string> = {
  notification_email: "Without a notification email, you won't receive new service requests!",
  service_categories: "Without service categories, you won't be matched to relevant requests!",
  business_name: "Without a business name, customers won't know who is sending them offers!",
};

/** The dashboard banner listing what the business profile still lacks, with Complete Profile. */
export function ProfileWarning({ profile }: { profile: Profile }) {
  const missing = missingBusinessProfileItems(profile);
  if (missing.length === 0) return null;
  return (
    <Alert tone="warning" aria-labelledby="profile-warning-title" role="region">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid flex-1 gap-2">
        <p id="profile-warning-title" className="font-semibold">
          Your business profile is missing: {missing.map((item) => ITEM_NAMES[item]).join(', ')}
        </p>
        <ul className="grid list-disc gap-1 pl-5">
          {missing.map((item) => (
            <li key={item}>{WARNINGS[item]}</li>
          ))}
        </ul>
        <Button asChild size="sm" className="justify-self-start">
          <Link to="/business-registration">Complete Profile</Link>
        </Button>
      </div>
    </Alert>
  );
}
