import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SignOutButtons } from '@/features/auth/components/sign-out-buttons';

export function SignOutCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign Out</CardTitle>
        <CardDescription>Sign out on this device, or end every session of your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <SignOutButtons />
      </CardContent>
    </Card>
  );
}
