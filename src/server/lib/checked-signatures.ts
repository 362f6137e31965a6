/**
 * Signed strings already checked, remembered with what they carry. A player sends the same file link and
 * session cookie with every Range request, and checking their HMACs again was a tenth of such an answer's
 * work (bench row P6). Only strings whose signature held are remembered, by their exact text, so a hit proves
 * what the check would; what can lapse (an expiry inside the string) is still checked by the caller on every
 * use. Past `max` strings the oldest goes first.
 */
export function rememberCheckedSignatures<T>({ max = 10_000 } = {}) {
  const checked = new Map<string, T>();
  return {
    /** What `signed` carried when its signature was checked, or undefined if it has not been (or was forgotten). */
    get: (signed: string): T | undefined => checked.get(signed),
    /** Remembers a string whose signature has just been checked. */
    remember(signed: string, carried: T): void {
      if (checked.size >= max) checked.delete(checked.keys().next().value!);
      checked.set(signed, carried);
    },
  };
}
