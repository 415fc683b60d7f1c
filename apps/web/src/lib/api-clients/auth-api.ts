import { authContract } from '@publisher/contract';
import { createContractClient } from '../api-client';

/** The typed client of the contract's `auth` routes. */
export const authApi = createContractClient(authContract);
