import { History } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Customer Settings, View History (spec 2 §7): the way to Job History. */
export function ViewHistoryCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>View History</CardTitle>
        <CardDescription>Jobs you have had done through Grip.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/history">
            <History aria-hidden="true" className="size-4" />
            Job History
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
