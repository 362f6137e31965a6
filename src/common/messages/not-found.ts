export const notFound = {
  code: '404',
  text: 'Oops! Page not found',
  home: 'Return to Home',
} as const;
