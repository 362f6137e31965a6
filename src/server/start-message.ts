/**
 * The first lines `npm start` prints: the address the server really listens on (PORT, or the free port the
 * system gave for PORT=0), and the public address when PUBLIC_URL names one.
 */
export function startMessage({
  siteName,
  port,
  publicUrl,
  publicUrlSet,
}: {
  siteName: string;
  port: number;
  publicUrl: string;
  publicUrlSet: boolean;
}): string[] {
  const local = `http://localhost:${port}`;
  const lines = [`${siteName} is running at ${local}.`];
  if (publicUrlSet && publicUrl !== local) lines.push(`Public address: ${publicUrl}.`);
  return lines;
}
