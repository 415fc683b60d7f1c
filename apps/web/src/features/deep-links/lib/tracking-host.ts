import { env } from '../../../config/env';

/**
 * The host of the direct links built in the browser (Deep Links API 2, Sams & Kohls): the API itself serves the
 * tracking redirect (`GET /redirect`), which records the click and sends the visitor on to the merchant.
 */
export const TRACKING_BASE_URL = env.apiUrl;
