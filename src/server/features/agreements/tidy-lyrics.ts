import { LIMITS } from '../../../common/constants';

/** A line without its trailing spaces and tabs, in one pass (a regular expression anchored at the end is quadratic on long runs of spaces). */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return line.slice(0, end);
}

/**
 * Lines as the lyrics field keeps them: Unix newlines, no control characters (the song form refuses them),
 * no trailing spaces, at most one blank line in a row, and at most LIMITS.lyricsMax characters.
 */
export function tidyLyrics(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/^\uFEFF/, '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '')
    .split('\n')
    .map(trimTrailingSpaces)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, LIMITS.lyricsMax)
    .trim();
}
