import { ChevronLeft, ChevronRight, Download, RotateCcw, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN, zoomIn, zoomOut } from '../image-zoom';

interface ImageViewerProps {
  images: readonly string[];
  /** The image shown; null while the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** What the images are, e.g. 'Proof of work'. */
  title: string;
  /** Where focus goes on close (the thumbnail that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}

// aria-disabled rather than disabled at a zoom limit: a disabled button would drop the focus, and
// with it the + / - / 0 keys.
const TOOL = 'text-white hover:bg-white/15 hover:text-white aria-disabled:opacity-40';
const ARROW =
  'absolute top-1/2 -translate-y-1/2 rounded-full bg-black/50 text-white hover:bg-black/70 hover:text-white';

/**
 * The full-screen image viewer (spec 2: Response detail): zoom 50% to 300% in 25% steps with the
 * buttons or + / - / 0, Reset, Download and Close; Esc closes, the arrow keys move between images.
 * Every image, and every opening, starts at 100%.
 */
export function ImageViewer({ images, index, onIndexChange, title, onCloseAutoFocus }: ImageViewerProps) {
  const [zoom, setZoom] = useState(ZOOM_DEFAULT);
  const url = index === null ? undefined : images[index];
  const count = images.length;
  const show = (next: number | null) => {
    setZoom(ZOOM_DEFAULT);
    onIndexChange(next);
  };
  const step = (by: number) => {
    if (index !== null && count > 1) show((index + by + count) % count);
  };

  // On the dialog itself, so the keys work wherever focus is inside it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const actions: Record<string, () => void> = {
      '+': () => setZoom(zoomIn),
      '=': () => setZoom(zoomIn),
      '-': () => setZoom(zoomOut),
      _: () => setZoom(zoomOut),
      '0': () => setZoom(ZOOM_DEFAULT),
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Dialog open={url !== undefined} onOpenChange={(open) => (open ? undefined : show(null))}>
      <DialogContent
        hideClose
        aria-describedby={undefined}
        onCloseAutoFocus={onCloseAutoFocus}
        onKeyDown={onKeyDown}
        className="inset-0 flex h-dvh max-h-none w-screen flex-col gap-0 overflow-hidden rounded-none bg-slate-950 p-0 text-white sm:inset-0 sm:max-w-none sm:translate-x-0 sm:translate-y-0 sm:rounded-none"
      >
        {url !== undefined && index !== null ? (
          <>
            <div className="flex flex-wrap items-center gap-1 border-b border-white/15 px-2 py-2 sm:px-4">
              <DialogTitle className="mr-auto min-w-0 truncate text-sm font-medium sm:text-base">
                {count > 1 ? `${title}: image ${index + 1} of ${count}` : title}
              </DialogTitle>
              <Button
                variant="ghost"
                size="icon"
                className={TOOL}
                aria-label="Zoom out"
                aria-disabled={zoom <= ZOOM_MIN}
                onClick={() => setZoom(zoomOut)}
              >
                <ZoomOut aria-hidden="true" className="size-5" />
              </Button>
              <output aria-live="polite" aria-label="Zoom level" className="tabular w-12 text-center text-sm">
                {zoom}%
              </output>
              <Button
                variant="ghost"
                size="icon"
                className={TOOL}
                aria-label="Zoom in"
                aria-disabled={zoom >= ZOOM_MAX}
                onClick={() => setZoom(zoomIn)}
              >
                <ZoomIn aria-hidden="true" className="size-5" />
              </Button>
              <Button variant="ghost" size="sm" className={TOOL} onClick={() => setZoom(ZOOM_DEFAULT)}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Reset
              </Button>
              <Button asChild variant="ghost" size="sm" className={TOOL}>
                <a href={url} download>
                  <Download aria-hidden="true" className="size-4" />
                  Download
                </a>
              </Button>
              <DialogClose asChild>
                <Button variant="ghost" size="sm" className={TOOL}>
                  <X aria-hidden="true" className="size-4" />
                  Close
                </Button>
              </DialogClose>
            </div>

            <div className="relative flex min-h-0 flex-1">
              {/* Focusable so a zoomed image can be scrolled with the keyboard. */}
              <div
                tabIndex={0}
                role="group"
                aria-label="Image"
                className="flex min-h-0 flex-1 overflow-auto focus-visible:outline-2 focus-visible:outline-white"
              >
                {/* A box sized by the zoom: below 100% it sits centred, above it scrolls every way. */}
                <div className="m-auto shrink-0" style={{ width: `${zoom}%`, height: `${zoom}%` }}>
                  <img
                    src={url}
                    alt={`${title} ${index + 1} of ${count}`}
                    className="size-full object-contain"
                    draggable={false}
                  />
                </div>
              </div>
              {count > 1 ? (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    className={`${ARROW} left-2`}
                    aria-label="Previous image"
                    onClick={() => step(-1)}
                  >
                    <ChevronLeft aria-hidden="true" className="size-6" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className={`${ARROW} right-2`}
                    aria-label="Next image"
                    onClick={() => step(1)}
                  >
                    <ChevronRight aria-hidden="true" className="size-6" />
                  </Button>
                </>
              ) : null}
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
