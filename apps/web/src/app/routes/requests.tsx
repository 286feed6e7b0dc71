import { MyRequestsScreen } from '@/features/my-requests/components/my-requests-screen';

export default function RequestsPage() {
  return <MyRequestsScreen />;
}
