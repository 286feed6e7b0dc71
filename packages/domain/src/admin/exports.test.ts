import { describe, expect, it } from 'vitest';
import {
  adminExportFileName,
  fileNameFromContentDisposition,
  fromCsvSafeCell,
  toCsvSafeCell,
} from './exports';

describe('the CSV injection guard', () => {
  it('puts an apostrophe before cells a spreadsheet would run as a formula', () => {
    for (const value of ['=SUM(A1)', '+61400000000', '-5', '@cmd', '\tx', '\rx']) {
      expect(toCsvSafeCell(value)).toBe(`'${value}`);
    }
    for (const value of ['', 'Plumbing', 'a=b', "'quoted'", ' =x', '61400000000']) {
      expect(toCsvSafeCell(value)).toBe(value);
    }
    expect(toCsvSafeCell("'=x")).toBe("''=x");
  });

  it('is undone exactly by fromCsvSafeCell', () => {
    for (const value of ['=1', "'=1", "''+2", "'plain", 'plain', '', '-', "'", "'-"]) {
      expect(fromCsvSafeCell(toCsvSafeCell(value))).toBe(value);
    }
  });
});

describe('export file names', () => {
  it('carry the UTC date', () => {
    expect(adminExportFileName('businesses', new Date('2026-05-04T23:59:59Z'))).toBe(
      'businesses_export_2026-05-04.csv',
    );
    expect(adminExportFileName('users', new Date('2026-05-05T00:00:00Z'))).toBe(
      'users_export_2026-05-05.csv',
    );
  });

  it('are read back from Content-Disposition', () => {
    expect(fileNameFromContentDisposition('attachment; filename="users_export_2026-05-04.csv"')).toBe(
      'users_export_2026-05-04.csv',
    );
    expect(fileNameFromContentDisposition('attachment; filename=a.csv')).toBe('a.csv');
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''caf%C3%A9.csv")).toBe('café.csv');
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});
