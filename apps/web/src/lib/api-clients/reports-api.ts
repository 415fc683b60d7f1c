import { reportsContract } from '@publisher/contract';
import { createContractClient } from '../api-client';

/** The typed client of the contract's `reports` routes. */
export const reportsApi = createContractClient(reportsContract);
