import { PRODUCT_NAME, type Me } from '@grip/domain';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

/** The product title, the notification bell and the account menu (spec 1 §2 top bar). */
export function TopBar({ me }: { me: Me }) {
  return (
    <header className="sticky top-0 z-40 h-14 border-b border-border bg-background/95 backdrop-blur">
      <div className="flex h-full items-center justify-between gap-2 px-3 sm:px-4">
        <Link to="/" aria-label={`${PRODUCT_NAME} home`} className="rounded-md">
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          <NotificationBell />
          <AccountMenu me={me} />
        </div>
      </div>
    </header>
  );
}
