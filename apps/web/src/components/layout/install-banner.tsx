import { INSTALL_BANNER, isInstallBannerVisible } from '@grip/domain';
import { Download } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import {
  dismissInstall,
  installDismissedAt,
  installPromptState,
  promptInstall,
  subscribeInstallPrompt,
} from '@/lib/install-prompt';

/**
 * Spec 1 §2/§4: 'Install Grip' with Install and Not now, shown when the browser offers to install the
 * app, from the person's first tap, key or scroll on the page; hidden after Not now (remembered, see INSTALL_BANNER_SNOOZE_DAYS), after installing, and when
 * already running installed. Sits above the phone's bottom navigation, bottom-right on desktop.
 */
export function InstallBanner() {
  const { offer, installed, engaged } = useSyncExternalStore(
    subscribeInstallPrompt,
    installPromptState,
    installPromptState,
  );
  const [dismissedAt, setDismissedAt] = useState(installDismissedAt);
  const visible = isInstallBannerVisible({
    // Offered, and the person has started using the page (see InstallPromptState.engaged).
    installable: offer !== null && engaged,
    installed,
    dismissedAt,
    now: new Date(),
  });
  if (!visible) return null;

  const notNow = () => {
    const now = new Date();
    dismissInstall(now);
    setDismissedAt(now);
  };
  const install = () => {
    promptInstall().catch((err: unknown) => console.warn('Install prompt failed', err));
  };

  return (
    <section
      aria-labelledby="install-banner-title"
      className="fixed inset-x-3 bottom-[calc(5.5rem+env(safe-area-inset-bottom))] z-40 grid gap-3 rounded-lg border border-border bg-background p-4 shadow-lg sm:inset-x-auto sm:right-4 sm:w-96 lg:bottom-4"
    >
      <div className="flex items-start gap-3">
        <img
          src="/icons/icon-192.png"
          alt=""
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-lg"
        />
        <div className="grid gap-1">
          <h2 id="install-banner-title" className="text-base font-semibold">
            {INSTALL_BANNER.title}
          </h2>
          <p className="text-sm text-muted-foreground">{INSTALL_BANNER.text}</p>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={notNow}>
          {INSTALL_BANNER.dismiss}
        </Button>
        <Button onClick={install}>
          <Download aria-hidden="true" className="size-4" />
          {INSTALL_BANNER.install}
        </Button>
      </div>
    </section>
  );
}
