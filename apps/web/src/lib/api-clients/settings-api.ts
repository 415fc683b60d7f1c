import { settingsContract } from '@publisher/contract';
import { createContractClient } from '../api-client';

/** The typed client of the contract's `settings` routes. */
export const settingsApi = createContractClient(settingsContract);
