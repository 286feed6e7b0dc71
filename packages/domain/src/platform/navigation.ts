import type { Role } from '../accounts/roles';

/** Which live count a navigation tab shows in its badge. */
export type NavBadge = 'none' | 'new_requests' | 'unread_messages' | 'pending_responses' | 'confirmed';

export interface NavItem {
  label: string;
  path: string;
  icon: 'home' | 'list' | 'message' | 'check' | 'settings' | 'inbox' | 'clock' | 'send' | 'shield';
  badge: NavBadge;
}

/** Bottom navigation by role (spec 1 §2). */
export const NAV_ITEMS: Record<Role, readonly NavItem[]> = {
  user: [
    { label: 'Home', path: '/home', icon: 'home', badge: 'none' },
    { label: 'Requests', path: '/requests', icon: 'list', badge: 'pending_responses' },
    { label: 'Messages', path: '/messages', icon: 'message', badge: 'unread_messages' },
    { label: 'Confirmed', path: '/confirmed', icon: 'check', badge: 'confirmed' },
    { label: 'Settings', path: '/settings', icon: 'settings', badge: 'none' },
  ],
  business_owner: [
    { label: 'Home', path: '/business-dashboard', icon: 'home', badge: 'none' },
    { label: 'New Requests', path: '/business-requests', icon: 'inbox', badge: 'new_requests' },
    { label: 'In Progress', path: '/business-active', icon: 'clock', badge: 'unread_messages' },
    { label: 'Confirmed', path: '/business-confirmed', icon: 'check', badge: 'confirmed' },
    { label: 'Settings', path: '/business-settings', icon: 'settings', badge: 'none' },
  ],
  administrator: [
    { label: 'Home', path: '/home', icon: 'home', badge: 'none' },
    { label: 'Request', path: '/admin-test-request', icon: 'send', badge: 'none' },
    { label: 'Admin', path: '/admin', icon: 'shield', badge: 'none' },
    { label: 'Settings', path: '/settings', icon: 'settings', badge: 'none' },
  ],
};

/** Page titles shown in the top bar. */
export const PAGE_TITLES: Record<string, string> = {
  '/home': 'Home',
  '/requests': 'My Requests',
  '/responses': 'My Responses',
  '/messages': 'Messages',
  '/confirmed': 'Confirmed Requests',
  '/history': 'Job History',
  '/settings': 'Settings',
  '/notifications': 'Notifications',
  '/business-requests': 'Service Requests',
  '/business-active': 'Pending Opportunities',
  '/business-confirmed': 'Confirmed Bookings',
  '/business-settings': 'Business Settings',
  '/business-registration': 'Business Registration',
  '/business-dashboard': 'Business Dashboard',
  '/admin': 'Admin Dashboard',
  '/admin-test-request': 'Admin Test Search',
};
