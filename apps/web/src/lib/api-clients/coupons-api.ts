import { couponsContract } from '@publisher/contract';
import { createContractClient } from '../api-client';

/** The typed client of the contract's `coupons` routes. */
export const couponsApi = createContractClient(couponsContract);
