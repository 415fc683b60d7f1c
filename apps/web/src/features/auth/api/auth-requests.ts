import { zodResolver } from '@hookform/resolvers/zod';
import { signinBodySchema } from '@publisher/contract';

export { authApi } from '../../../lib/api-clients/auth-api';
export { errorMessageOf } from '../../../lib/api-error';
export { readSession } from '../../../lib/stored-session';

/**
 * The session layer of the auth provider: the auth routes' typed client, the stored session's validation and the
 * sign-in and sign-up forms' schemas. They need zod and the auth contract, so they load after the first paint
 * (`loadAuthRequests`): a signed-out visitor on /signin gets them once they start on the form, never with the page.
 * The hooks beside this file call the client through lib/contract-query.ts, as every hook of the app does.
 */

/** The sign-in form's validation: the contract's body schema, so the form and the API cannot disagree. */
export const signinResolver = zodResolver(signinBodySchema);
