import { feedsContract } from '@publisher/contract';
import { createContractClient } from '../api-client';

/** The typed client of the contract's `feeds` routes. */
export const feedsApi = createContractClient(feedsContract);
