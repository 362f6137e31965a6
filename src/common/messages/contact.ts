export const contact = {
  sentTitle: 'Message Sent!',
  sentBody: "Thank you for contacting us. We'll get back to you soon.",
  failed: 'Failed to send message. Please try again.',
} as const;
