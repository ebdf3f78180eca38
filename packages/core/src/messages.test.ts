import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPES, MESSAGES } from './messages.ts';

// Copied from docs/product.md#ui-texts: a typo in either place fails here.
describe('MESSAGES (docs/product.md#screens, #errors)', () => {
  it.each([
    ['ALL_FIELDS_REQUIRED', 'All fields are required.'],
    ['INVALID_EMAIL', 'Please enter a valid email address.'],
    ['SOMETHING_WENT_WRONG', 'Something went wrong.'],
    ['FORM_UNAVAILABLE', 'Unable to submit the form at this time. Please try again later.'],
    ['UPLOAD_SCREENSHOT_FAILED', 'Unable to upload screenshot.'],
    ['MISSING_UPLOAD_FILE', 'Missing file for upload.'],
    ['FILE_TOO_LARGE', 'File too large. Maximum size is 5 MB.'],
    ['SUBSCRIPTION_EXPIRED', 'Your current subscription has expired!'],
    ['LOGIN_ERROR', 'Error while trying to log in. Please try again.'],
    ['INVALID_DEVICE', 'Invalid device ID detected. Please try logging in again.'],
    [
      'OTHER_DEVICE_LOGOUT',
      'You have been logged out because your account was accessed on another device.',
    ],
    ['DUP_ONBOARD', 'You have been onboarded on another device.'],
    ['OFFLINE', 'You are offline. Some functionalities will not work.'],
    ['LOADING_APP', 'Loading App'],
    ['INCORRECT_COLLECTION_PATH', 'Incorrect collection path'],
    ['PAYMENT_UNDER_REVIEW', 'Your payment is under review.'],
    ['PAYMENT_APPROVED', 'Payment approved! Click here to close.'],
    ['VERIFY_PAYMENT', 'Verify payment to avoid suspension! Verify now.'],
    ['SAVE_NOW', 'Save now!'],
    ['PURCHASE_NOW', 'Purchase now!'],
    ['ELIGIBLE_TRIAL', "🎉 You're eligible for a 3-day free trial!"],
    ['GET_STARTED', 'Get Started for Free'],
    ['SUBMITTING', 'Submitting\u2026 Please wait'],
    ['CONGRATULATIONS', "Congratulations! Check your email now. We've sent you a link to our app."],
    ['MESSAGE_THANKS', "Thank you! We've received your message. Our team will review it shortly."],
    ['PLEASE_WAIT', 'Please wait...'],
    ['TRANSITIONING', 'Transitioning...'],
    ['COMPLETED', 'Completed'],
    ['EXPIRED', 'Expired'],
    ['BACK', 'Back'],
    ['SEND', 'Send'],
    ['CLOSE', 'Close'],
    ['SELECT_PLAN', 'Please select a plan.'],
    ['INVALID_REF_CODE', 'Enter the 13-digit reference code from your receipt.'],
    ['SCREENSHOT_REQUIRED', 'Attach a screenshot of your payment.'],
    ['IMAGES_ONLY', 'Only image files can be attached.'],
  ] as const)('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it.each([
    ['Nov 25, 2026', 'Free trial ends Nov 25, 2026.'],
    ['', 'Free trial ends .'],
  ])('freeTrialEnds(%j)', (date, text) => {
    expect(MESSAGES.freeTrialEnds(date)).toBe(text);
  });

  it('lists the three message types with their stored values (docs/product.md#screens, #entities)', () => {
    expect(MESSAGE_TYPES).toEqual([
      { label: 'Feedback', value: 'feedbacks' },
      { label: 'Suggestion', value: 'suggestions' },
      { label: 'Submit Issue', value: 'issues' },
    ]);
  });
});
