import { PRODUCT_NAME } from '@grip/domain';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';

export default function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{`Page not found | ${PRODUCT_NAME}`}</title>
      <LogoMark className="size-12" />
      <p className="text-5xl font-bold text-primary tabular">404</p>
      <h1 className="text-2xl font-bold tracking-tight">Oops! Page not found</h1>
      <p className="max-w-sm text-muted-foreground">
        The page you're looking for doesn't exist or has moved.
      </p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
