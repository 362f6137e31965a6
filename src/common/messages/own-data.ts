/** A person's own data: the export and the deletion of an account. */
export const ownData = {
  passwordRequired: 'Enter your password to confirm',
  wrongPassword: 'That password is not right',
  adminCannotBeDeleted: 'An admin account cannot be deleted. Another admin must first take its admin role away.',
  alreadyDeleted: 'This account has already been deleted.',
  deletedCustomer: 'Deleted customer',
  exportFailed: 'Failed to download the data',
  deleteFailed: 'Failed to delete the account',
  deleted: 'Your account has been deleted.',
  adminDeleted: (email: string) => `Deleted the account of ${email}`,
  adminDeleteConfirm: (email: string) =>
    `Delete the account of ${email}? Their profile, questionnaire, submissions, files, comments, plays and holds are erased and they are signed out everywhere. Paid orders stay, without their name, and signed pitch agreements stay as the contract. This cannot be undone.`,
} as const;
