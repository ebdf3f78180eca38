import { MESSAGE_MAX_LENGTH } from './constants.ts';
import { SHELL_MESSAGES } from './shell-messages.ts';

/**
 * Every user-facing text of docs/product.md#errors (error catalogue) and docs/product.md#screens (screens), copied to the letter.
 * Entries marked "ours" fill gaps where the spec names a rule but gives no text (docs/product.md#system:
 * "build what a student would expect").
 */
export const MESSAGES = {
  ...SHELL_MESSAGES,
  // docs/product.md#errors
  ALL_FIELDS_REQUIRED: 'All fields are required.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  SOMETHING_WENT_WRONG: 'Something went wrong.',
  FORM_UNAVAILABLE: 'Unable to submit the form at this time. Please try again later.',
  UPLOAD_SCREENSHOT_FAILED: 'Unable to upload screenshot.',
  MISSING_UPLOAD_FILE: 'Missing file for upload.',
  FILE_TOO_LARGE: 'File too large. Maximum size is 5 MB.',
  INVALID_DEVICE: 'Invalid device ID detected. Please try logging in again.',
  OTHER_DEVICE_LOGOUT:
    'You have been logged out because your account was accessed on another device.',
  DUP_ONBOARD: 'You have been onboarded on another device.',
  // docs/product.md#validation
  INCORRECT_COLLECTION_PATH: 'Incorrect collection path',
  // docs/product.md#subscription-banner
  PAYMENT_UNDER_REVIEW: 'Your payment is under review.',
  PAYMENT_APPROVED: 'Payment approved! Click here to close.',
  VERIFY_PAYMENT: 'Verify payment to avoid suspension! Verify now.',
  SAVE_NOW: 'Save now!',
  PURCHASE_NOW: 'Purchase now!',
  // docs/product.md#in-app-form
  ELIGIBLE_TRIAL: "🎉 You're eligible for a 3-day free trial!",
  GET_STARTED: 'Get Started for Free',
  SUBMITTING: 'Submitting… Please wait',
  CONGRATULATIONS: "Congratulations! Check your email now. We've sent you a link to our app.",
  // docs/product.md#message-modal
  MESSAGE_THANKS: "Thank you! We've received your message. Our team will review it shortly.",
  BACK: 'Back',
  SEND: 'Send',
  CLOSE: 'Close',
  // docs/product.md#session-ui-state
  TRANSITIONING: 'Transitioning...',
  COMPLETED: 'Completed',
  EXPIRED: 'Expired',
  // Ours: docs/product.md#validation names these rules without a text.
  SELECT_PLAN: 'Please select a plan.',
  INVALID_REF_CODE: 'Enter the 13-digit reference code from your receipt.',
  SCREENSHOT_REQUIRED: 'Attach a screenshot of your payment.',
  IMAGES_ONLY: 'Only image files can be attached.',
  // Ours: docs/product.md#in-app-form asks for "a note to check spam or junk" without a text.
  CHECK_SPAM: "Can't find it? Check your spam or junk folder.",
} as const;

/**
 * The send-us-a-message types: labels of docs/product.md#message-modal slide 1, stored values of docs/product.md#entities messageType.
 */
export const MESSAGE_TYPES = [
  { label: 'Feedback', value: 'feedbacks' },
  { label: 'Suggestion', value: 'suggestions' },
  { label: 'Submit Issue', value: 'issues' },
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number]['value'];

/**
 * The send-us-a-message form's texts (ours: docs/product.md#validation gives the limits without texts). Rules, not
 * contract: the modal shows them without loading zod, and the contract's schema reports them.
 */
export const MESSAGE_FORM_MESSAGES = {
  EMPTY: 'Please write your message.',
  TOO_LONG: `Your message can be at most ${MESSAGE_MAX_LENGTH} characters.`,
  PICK_TYPE: 'Please choose Feedback, Suggestion or Submit Issue.',
  BAD_ATTACHMENT: 'Attach the image again, then send.',
  SEND_FAILED: 'Your message was not sent. Check your connection and try again.',
} as const;
