import { extensionContract } from '@publisher/contract';
import { createContractClient } from '../api-client';

/** The typed client of the contract's `extension` routes. */
export const extensionApi = createContractClient(extensionContract);
