import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { Spinner } from './spinner';

/** The fields a form dialog focuses first once its code is here. */
const FIELD =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), [role="radio"]:not([disabled]), button:not(:disabled):not([aria-label="Close"])';

interface LazyDialogBodyProps {
  /** The dialog's title, shown (and named to screen readers) while its form's code loads. */
  title: ReactNode;
  /** The form, a lazily loaded component (its code fetched the first time the dialog opens). */
  children: ReactNode;
}

/**
 * The inside of a dialog whose form loads on first opening (docs/performance.md: a route's code
 * carries no dialog form, nor react-hook-form for it). Until the code is here the dialog shows its
 * title and a small loading state; then the form, with focus on its first field, as a dialog whose
 * code was already here would have it.
 */
export function LazyDialogBody({ title, children }: LazyDialogBodyProps) {
  const waited = useRef(false);
  return (
    <Suspense
      fallback={
        <DialogLoading
          title={title}
          onShow={() => {
            waited.current = true;
          }}
        />
      }
    >
      {children}
      <FocusFirstField waited={waited} />
    </Suspense>
  );
}

function DialogLoading({ title, onShow }: { title: ReactNode; onShow: () => void }) {
  useEffect(() => {
    onShow();
  }, [onShow]);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="sr-only">Loading</DialogDescription>
      </DialogHeader>
      <div className="flex justify-center py-6" data-testid="dialog-loading">
        <Spinner className="size-6 text-primary" label="Loading" />
      </div>
    </>
  );
}

/** After the form arrived late: the focus the dialog gave its loading state moves to the first field. */
function FocusFirstField({ waited }: { waited: { current: boolean } }) {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!waited.current) return;
    const dialog = marker.current?.closest('[role="dialog"], [role="alertdialog"]');
    dialog?.querySelector<HTMLElement>(FIELD)?.focus();
  }, [waited]);
  return <span ref={marker} hidden />;
}

/**
 * A form shown within a page whose code loads after the page has drawn (a card's review form, a
 * dispute's answer): a small loading state in its place until then.
 */
export function LazyFormPart({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-4" data-testid="form-loading">
          <Spinner className="size-5 text-primary" label="Loading" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
