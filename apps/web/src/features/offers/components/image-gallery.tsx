import { useRef, useState } from 'react';
import { ImageViewer } from './image-viewer';

/** Thumbnails that open the full-screen viewer; closing it puts focus back on the thumbnail. */
export function ImageGallery({ images, title }: { images: readonly string[]; title: string }) {
  const [shown, setShown] = useState<number | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const lastOpened = useRef(0);
  if (images.length === 0) return null;

  return (
    <>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={title}>
        {images.map((url, index) => (
          <li key={url}>
            <button
              type="button"
              ref={(element) => {
                thumbnails.current[index] = element;
              }}
              onClick={() => {
                lastOpened.current = index;
                setShown(index);
              }}
              className="block w-full overflow-hidden rounded-md border border-border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <img
                src={url}
                alt={`${title} ${index + 1} of ${images.length}`}
                loading="lazy"
                className="aspect-square w-full object-cover transition-opacity hover:opacity-90"
              />
              <span className="sr-only"> (open full screen)</span>
            </button>
          </li>
        ))}
      </ul>
      <ImageViewer
        images={images}
        index={shown}
        onIndexChange={(next) => {
          if (next !== null) lastOpened.current = next;
          setShown(next);
        }}
        title={title}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          thumbnails.current[lastOpened.current]?.focus();
        }}
      />
    </>
  );
}
