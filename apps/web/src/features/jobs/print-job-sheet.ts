import { formatCurrency, formatDate, jobSheetLines, type BusinessJob } from '@grip/domain';

/**
 * Print (spec 3 §2): a new window with a plain printable sheet, then the browser's print dialog.
 * Built with DOM nodes and textContent, so nothing the customer typed is ever parsed as HTML.
 * Returns false when the browser blocked the window.
 */
export function printJobSheet(job: BusinessJob): boolean {
  const win = window.open('', '_blank', 'width=800,height=900');
  if (!win) return false;
  const doc = win.document;
  doc.title = `${job.request.title} — Job ${job.id}`;
  const style = doc.createElement('style');
  style.textContent =
    'body{font-family:system-ui,sans-serif;margin:2rem;color:#111}h1{font-size:1.5rem}' +
    'dt{font-weight:600;margin-top:.75rem}dd{margin:0;white-space:pre-wrap}';
  doc.head.append(style);
  const heading = doc.createElement('h1');
  heading.textContent = job.request.title;
  const list = doc.createElement('dl');
  const lines = jobSheetLines(job, {
    price: `${formatCurrency(job.quotedPrice)}${job.priceType === 'hourly' ? ' per hour' : ''}`,
    created: formatDate(new Date(job.createdAt)),
  });
  for (const [label, value] of lines) {
    const dt = doc.createElement('dt');
    dt.textContent = label;
    const dd = doc.createElement('dd');
    dd.textContent = value;
    list.append(dt, dd);
  }
  doc.body.append(heading, list);
  win.focus();
  win.print();
  return true;
}
