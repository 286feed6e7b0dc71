import {
  CalendarDays,
  Car,
  Hammer,
  House,
  PawPrint,
  Scissors,
  ShoppingBasket,
  Sparkles,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Readonly<Record<string, LucideIcon>> = {
  Experiences: Sparkles,
  'Home & Property Services': House,
  'Pet Services': PawPrint,
  'Personal Care & Lifestyle': Scissors,
  'Vehicle & Transportation': Car,
  'Renovation & Home Improvement': Hammer,
  'Everyday Household Needs': ShoppingBasket,
  'Occasional/Seasonal Services': CalendarDays,
};

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const Icon = ICONS[category] ?? Wrench;
  return <Icon aria-hidden="true" className={className} />;
}
