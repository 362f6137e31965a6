export const previewStatus = {
  noRequest: "You haven't submitted a preview request yet.",
  underReviewTitle: 'Request Under Review',
  underReviewBody: 'Thanks for your interest. Our team reviews every request by hand and will email you as soon as a decision is made.',
  approvedTitle: 'Access Approved!',
  approvedBody: 'Your preview access is active. You can listen to every song in the catalogue.',
  rejectedTitle: 'Request Not Approved',
  rejectedBody: 'Thank you for your interest. We are not able to offer preview access at this time.',
  revokedTitle: 'Access Revoked',
  revokedBody: 'Your preview access has ended. If you think this is a mistake, please contact us.',
  loadFailed: 'Failed to load your preview request',
} as const;
