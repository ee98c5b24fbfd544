/** Splitting robots.txt into physical lines, numbered as the engine and the file view number them. */

/** Returns the lines of `text` without their terminators (CRLF, LF or CR); no final empty line. */
export function splitTextLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\n|\r/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
