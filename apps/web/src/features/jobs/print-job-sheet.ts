import type { BusinessJob } from '@grip/domain';

/** The printed document's title: browsers name a PDF after it. */
export const jobSheetTitle = (job: BusinessJob) => `${job.request.title} — Job ${job.id}`;

/**
 * Print (spec 3 §2): the browser's print dialog for the job sheet. The page prints itself (no
 * pop-up for a blocker to stop): app/print.css shows only the sheet (JobSheet), on A4. The
 * document's title names the PDF while printing and comes back afterwards.
 */
export function printJobSheet(job: BusinessJob): void {
  const title = document.title;
  document.title = jobSheetTitle(job);
  window.addEventListener(
    'afterprint',
    () => {
      document.title = title;
    },
    { once: true },
  );
  window.print();
}
