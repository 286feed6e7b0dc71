import { CustomerHome } from '@/features/home/components/customer-home';

/** The customer home (/home, and / when signed in); business owners never get here (route guard). */
export default function HomePage() {
  return <CustomerHome />;
}
