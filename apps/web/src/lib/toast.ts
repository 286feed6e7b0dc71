import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * The app's toasts, with sonner's own signatures, loading sonner on first use rather than with every
 * screen (docs/performance.md). A toast shows a moment later than a direct call would; the Toaster
 * (components/layout/toaster.tsx) shows any toast raised before it mounted, so none is lost.
 */
type Toast = typeof sonnerToast;
type Message = Parameters<Toast>[0];

function show(raise: (toast: Toast) => unknown): void {
  // The module loads once; later calls resolve at once, in the order they were made.
  void import('sonner').then(({ toast }) => raise(toast));
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show((t) => t(message, data)),
  {
    success: (message: Message, data?: ExternalToast) => show((t) => t.success(message, data)),
    error: (message: Message, data?: ExternalToast) => show((t) => t.error(message, data)),
    info: (message: Message, data?: ExternalToast) => show((t) => t.info(message, data)),
    warning: (message: Message, data?: ExternalToast) => show((t) => t.warning(message, data)),
  },
);
