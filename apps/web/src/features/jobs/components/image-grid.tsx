/** A grid of images that open full size in a new tab. */
export function ImageGrid({ title, urls }: { title: string; urls: readonly string[] }) {
  if (urls.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">{title}</h3>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={title}>
        {urls.map((url, index) => (
          <li key={url}>
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="block rounded-md focus-visible:outline-2 focus-visible:outline-ring"
            >
              <img
                src={url}
                alt={`${title} ${index + 1}`}
                className="aspect-square w-full rounded-md border border-border object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
