/** Photos of the case (proof of work, the customer's request), each opening full size in a new tab. */
export function DisputePhotos({ title, urls }: { title: string; urls: readonly string[] }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {urls.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
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
                  loading="lazy"
                  className="aspect-square w-full rounded-md border border-border object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
