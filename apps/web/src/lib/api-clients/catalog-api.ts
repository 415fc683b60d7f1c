import { catalogContract } from '@publisher/contract';
import { createContractClient } from '../api-client';

/** The typed client of the contract's `catalog` routes. */
export const catalogApi = createContractClient(catalogContract);
