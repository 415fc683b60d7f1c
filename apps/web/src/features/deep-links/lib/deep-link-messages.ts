/**
 * The spec's success toasts, misspellings included (part 2 §8). They stay for 2 seconds (the toast provider's
 * duration, part 2 §9).
 */
export const MERCHANT_URL_COPIED = 'Successfullly Copied Merchant URL to clib board';
export const PRODUCT_URL_COPIED = 'Successfully Copied Product URL to clip board';

/** Not in the spec: what the user reads when the browser refuses the clipboard. */
export const COPY_FAILED = 'Could not copy the link; please copy it by hand.';
