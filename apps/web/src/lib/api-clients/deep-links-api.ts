import { deepLinksContract } from '@publisher/contract';
import { createContractClient } from '../api-client';

/** The typed client of the contract's `deepLinks` routes. */
export const deepLinksApi = createContractClient(deepLinksContract);
