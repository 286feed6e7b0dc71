import { BusinessProfilePage } from '@/features/business-settings/components/business-profile-page';

/** Open to any signed-in user: registering turns the account into a business (spec 1 §6). */
export default function BusinessRegistrationPage() {
  return <BusinessProfilePage />;
}
