import { adminContract } from '@publisher/contract';
import { createContractClient } from '../api-client';

/** The typed client of the contract's `admin` routes. */
export const adminApi = createContractClient(adminContract);
