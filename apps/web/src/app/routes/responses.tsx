import { MyResponsesView } from '@/features/my-responses/components/my-responses-view';

export default function ResponsesPage() {
  return <MyResponsesView />;
}
