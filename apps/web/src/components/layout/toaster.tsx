import { MOBILE_BREAKPOINT_PX } from '@grip/domain';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { useMediaQuery } from '@/lib/use-media-query';

/**
 * Toasts: top-centre on phones, bottom-right on desktop; successes 4 s (errors set 8 s themselves).
 * Loaded lazily by Providers, like every toast call (lib/toast.ts).
 */
export default function ResponsiveToaster() {
  const isDesktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const { theme } = useTheme();
  return (
    <Toaster
      position={isDesktop ? 'bottom-right' : 'top-center'}
      theme={theme}
      richColors
      closeButton
      duration={4000}
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
