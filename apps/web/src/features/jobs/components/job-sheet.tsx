import { formatCurrency, formatDate, jobSheetLines, type BusinessJob } from '@grip/domain';

/**
 * The printable job sheet (spec 3 §2: title, id, service type, location, quoted price, status,
 * created date, description, engagement notes). Drawn with the job but shown only on paper: while
 * it is on the page, app/print.css prints it alone, on A4, black on white. Text nodes only, so
 * nothing the customer typed is ever parsed as HTML.
 */
export function JobSheet({ job }: { job: BusinessJob }) {
  const lines = jobSheetLines(job, {
    price: `${formatCurrency(job.quotedPrice)}${job.priceType === 'hourly' ? ' per hour' : ''}`,
    created: formatDate(new Date(job.createdAt)),
  });
  return (
    <article data-print-sheet="" aria-label="Job sheet" className="hidden text-black print:block">
      <h1 className="text-2xl font-bold">{job.request.title}</h1>
      <dl className="mt-4 grid gap-3">
        {lines.map(([label, value]) => (
          <div key={label} className="break-inside-avoid border-b border-neutral-300 pb-2">
            <dt className="text-sm font-semibold">{label}</dt>
            <dd className="m-0 break-words whitespace-pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
