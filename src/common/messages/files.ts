export const files = {
  linkInvalid: 'This link is invalid or has expired.',
  notFound: 'File not found',
} as const;
