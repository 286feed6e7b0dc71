import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT_VERSION,
  BackupFileError,
  CONTROL_PREFIX,
  ControlSchema,
  HeaderSchema,
  type BackupHeader,
  type ControlRecord,
} from './backup-format';
import { codeMigrationLevel, readJournal } from './migration-level';

/** No line of a backup is near this long (a row, or 64 KiB of a file in base64): longer is damage. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

/** The lines of a gzip'd stream, read as the consumer asks for them (the stream pauses meanwhile). */
async function* linesOf(input: Readable): AsyncGenerator<string> {
  const gunzip = createGunzip();
  // Errors of the input reach the gunzip stream, and through it the loop below.
  pipeline(input, gunzip).catch(() => {});
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk);
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      if (rest.length > MAX_LINE_CHARS)
        throw new BackupFileError('The backup file is damaged (a line far too long).');
      yield* lines;
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('Z_')) {
      throw new BackupFileError(
        `The backup file is damaged, incomplete or not a Grip backup (${(error as Error).message}).`,
      );
    }
    throw error;
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

/** A line of the body: a row (kept as the text PostgreSQL wrote) or a control record. */
export type BackupLine = { row: string } | { control: ControlRecord };

export interface OpenedBackup {
  header: BackupHeader;
  /** The lines after the header, in order; ends at the file's end (the restore checks it saw `end`). */
  lines: AsyncGenerator<BackupLine>;
}

async function* bodyOf(lines: AsyncGenerator<string>, lineNumber: number): AsyncGenerator<BackupLine> {
  for await (const line of lines) {
    lineNumber += 1;
    if (line.startsWith(CONTROL_PREFIX)) {
      yield { control: parseControl(line, lineNumber) };
    } else if (line.startsWith('{') && line.endsWith('}')) {
      yield { row: line };
    } else {
      throw new BackupFileError(`The backup file is damaged (line ${lineNumber} is not a record).`);
    }
  }
}

function parseControl(line: string, lineNumber: number): ControlRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupFileError(`The backup file is damaged (line ${lineNumber} is not JSON).`);
  }
  const parsed = ControlSchema.safeParse(value);
  if (!parsed.success) {
    throw new BackupFileError(
      `The backup file is damaged (line ${lineNumber}: ${parsed.error.issues[0]?.message}).`,
    );
  }
  return parsed.data;
}

/**
 * Reads a backup's header and checks that this code can restore it: its format, and a migration
 * level this code has (a backup made by a newer Grip is refused before anything is touched).
 */
export async function openBackup(input: Readable): Promise<OpenedBackup> {
  const lines = linesOf(input);
  const first = await lines.next();
  if (first.done) throw new BackupFileError('The backup file is empty.');
  let parsed;
  try {
    parsed = HeaderSchema.safeParse(JSON.parse(first.value));
  } catch {
    parsed = null;
  }
  if (!parsed?.success) {
    await lines.return(undefined);
    throw new BackupFileError('This is not a Grip backup (its first line is not a Grip backup header).');
  }
  const header = parsed.data;
  if (header.format !== BACKUP_FORMAT_VERSION) {
    await lines.return(undefined);
    throw new BackupFileError(
      `This backup is in format ${header.format}; this version of Grip reads format ${BACKUP_FORMAT_VERSION}.`,
    );
  }
  const code = codeMigrationLevel();
  const level = header.migration;
  if (level.when > code.when) {
    await lines.return(undefined);
    throw new BackupFileError(
      `This backup was made by a newer Grip (database migration ${level.tag ?? level.when}; this code ` +
        `knows up to ${code.tag}). Update Grip, then restore it.`,
    );
  }
  if (!readJournal().some((entry) => entry.when === level.when)) {
    await lines.return(undefined);
    throw new BackupFileError(
      `This backup's database migration (${level.tag ?? level.when}) is not one of this code's: it was ` +
        'made by another line of Grip. Restore it with the version that made it.',
    );
  }
  return { header, lines: bodyOf(lines, 1) };
}

export async function openBackupFile(file: string): Promise<OpenedBackup> {
  if (!fs.existsSync(file)) throw new BackupFileError(`There is no backup file ${file}.`);
  return openBackup(fs.createReadStream(file));
}
