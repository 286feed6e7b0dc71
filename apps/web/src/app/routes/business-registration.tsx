import { PAGE_TITLES } from '@grip/domain';
import { Briefcase } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useCurrentUser } from '@/features/auth/api/use-current-user';

/** Open to any signed-in user: registering turns the account into a business (spec 1 §6). */
export default function BusinessRegistrationPage() {
  const me = useCurrentUser();
  const isBusinessOwner = me.profile.role === 'business_owner';
  const title = isBusinessOwner
    ? 'Business Settings'
    : (PAGE_TITLES['/business-registration'] ?? 'Business Registration');
  return (
    <Page title={title} backTo="/" backLabel="Back to Home">
      <EmptyState
        icon={Briefcase}
        title="The business profile form is on its way"
        description="Soon you'll add your business name, contact details, service categories and service area here."
        action={
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        }
      />
    </Page>
  );
}
